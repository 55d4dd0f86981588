/**
 * Candidate claims in supplied messages: each sentence (split further at discourse markers such as
 * `because`, `so` or `however`) that asserts something becomes a candidate with its span, its kind
 * (recommendation, predictive, causal, comparative, evaluative, factual), the cue that marked the kind, the
 * report frame it sits in (`critics say …` attributes, `nobody said …` denies), any sarcasm marker in it
 * (`yeah, right`: marked and left alone) and its quantifiers, all read by the shared cue reader; premise →
 * conclusion links where a discourse marker shows one; and relations between claims — contrast inside a
 * message, support, rebuttal or concession across messages of different authors — each with its cue.
 * Candidates, not verdicts.
 */
import { findPhrases, plainIndex } from '../../text/cue-phrases'
import { readCues, reportFrame, sarcasmMarks, type SarcasmMark } from '../../text/cue-reader'
import { CONCLUSION_MARKERS, CONTRAST_MARKERS, KIND_CUES, PREMISE_MARKERS, REPLY_CUES } from '../../text/cues'
import { functionClass } from '../../text/function-words'
import { tokenize, type Span, type Token } from '../../text/tokens'

export type ClaimKind = 'factual' | 'evaluative' | 'causal' | 'comparative' | 'predictive' | 'recommendation'

export type Message = { id: string; author?: string; text: string }

export type Marker = { text: string; span: Span; role: 'premise' | 'conclusion' | 'contrast' }

export type Frame = {
  kind: 'report' | 'denial'
  text: string
  span: Span
  /** Who the words are attributed to, as written (`Critics`, `Nobody`). */
  speaker: string
}

export type QuantifierCue = {
  text: string
  span: Span
  /** Share of cases it claims (0..1): `only one of the four` is 0.25. */
  value: number
}

export type ClaimRelation = {
  from: string
  to: string
  relation: 'support' | 'rebuttal' | 'concession' | 'contrast'
  cue: { messageId: string; text: string; span: Span }
  basis: string
}

export type CandidateClaim = {
  id: string
  messageId: string
  author: string | null
  span: Span
  text: string
  kind: ClaimKind
  cue: { text: string; span: Span } | null
  basis: string
  frame: Frame | null
  /** A sarcasm marker in the claim (`yeah, right`, `oh great`, scare quotes): the words are left alone. */
  sarcasm: { kind: SarcasmMark['kind']; text: string; span: Span } | null
  quantifiers: QuantifierCue[]
}

export type Link = {
  premise: string
  conclusion: string
  messageId: string
  marker: { text: string; span: Span }
}

const PREMISE = plainIndex(PREMISE_MARKERS)
const CONCLUSION = plainIndex(CONCLUSION_MARKERS)
const CONTRAST = plainIndex(CONTRAST_MARKERS)
const KINDS = KIND_CUES.map((k) => ({ kind: k.kind, index: plainIndex(k.phrases) }))
const REPLIES = REPLY_CUES.map((r) => ({ relation: r.relation, index: plainIndex(r.phrases) }))
/** Words that may open a reply before its cue, with a comma after them (`Well, I disagree`). */
const FILLERS = new Set(['well', 'look', 'listen', 'honestly', 'frankly', 'hmm', 'ok', 'okay', 'oh'])
/** Reply openings that count only with a comma after them (`No, …`, not `No study …`). */
const NEEDS_COMMA = new Set(['no', 'yes', 'right'])
/** Markers that split a clause only where a clause can start (sentence start or after punctuation). */
const CLAUSE_START_ONLY = new Set(['as', 'for', 'since', 'so', 'still', 'yet', 'though'])

type Clause = { first: number; end: number; marker: Marker | null }

/** Contrast markers that open a subordinate clause (`Although B, A`), as premise markers do (`Because B, A`). */
const SUBORDINATING_CONTRAST = new Set(['although', 'though', 'even though', 'whereas'])

/** Whether a marker at the sentence start governs only the clause up to the first comma. */
function opens(marker: Marker): boolean {
  return (
    marker.role === 'premise' ||
    (marker.role === 'contrast' && SUBORDINATING_CONTRAST.has(marker.text.toLowerCase()))
  )
}

/** Splits a sentence's tokens at discourse markers; a marker belongs to the clause it introduces. */
function clauses(text: string, tokens: readonly Token[], first: number, end: number): Clause[] {
  const markers = [
    ...findPhrases(tokens, PREMISE, first, end).map((m) => ({ ...m, role: 'premise' as const })),
    ...findPhrases(tokens, CONCLUSION, first, end).map((m) => ({ ...m, role: 'conclusion' as const })),
    ...findPhrases(tokens, CONTRAST, first, end).map((m) => ({ ...m, role: 'contrast' as const })),
  ]
    // `as`, `for`, `since`, `so`, `still`, `yet` are markers only at a clause start (after a comma or at the start).
    .filter(
      (m) =>
        !CLAUSE_START_ONLY.has(m.phrase) ||
        m.firstToken === first ||
        /[,;:]/.test((tokens[m.firstToken - 1] as Token).gapAfter),
    )
    .sort((a, b) => a.firstToken - b.firstToken)
  const out: Clause[] = []
  let start = first
  let pending: Marker | null = null
  for (const m of markers) {
    if (m.firstToken > start) out.push({ first: start, end: m.firstToken, marker: pending })
    const span = { start: (tokens[m.firstToken] as Token).start, end: (tokens[m.endToken - 1] as Token).end }
    pending = { text: text.slice(span.start, span.end), span, role: m.role }
    start = m.endToken
  }
  if (start < end) out.push({ first: start, end, marker: pending })
  // "Because B, A", "Although B, A": a subordinating marker opening the sentence governs only up to the
  // first comma.
  const opening = out[0]
  if (
    opening?.marker &&
    opens(opening.marker) &&
    opening.marker.span.start === (tokens[first] as Token).start
  ) {
    for (let k = opening.first; k < opening.end - 1; k++) {
      if (/[,;]/.test((tokens[k] as Token).gapAfter)) {
        out.splice(0, 1, { ...opening, end: k + 1 }, { first: k + 1, end: opening.end, marker: null })
        break
      }
    }
  }
  return out
}

const spanOf = (tokens: readonly Token[], first: number, end: number): Span => ({
  start: (tokens[first] as Token).start,
  end: (tokens[end - 1] as Token).end,
})

/** Quantifiers of a clause, by the shared cue reader: words (`most`, `few`, `no`) and counted shares. */
function quantifiersOf(text: string, tokens: readonly Token[], c: Clause): QuantifierCue[] {
  return readCues(text, tokens, c.first, c.end)
    .filter((cue) => cue.kind === 'quantifier')
    .map((cue) => ({ text: text.slice(cue.span.start, cue.span.end), span: cue.span, value: cue.value }))
}

function classify(
  text: string,
  tokens: readonly Token[],
  c: Clause,
  frame: Frame | null,
  sarcasm: SarcasmMark | null,
): Pick<CandidateClaim, 'kind' | 'cue' | 'basis'> {
  if (frame?.kind === 'denial') {
    return {
      kind: 'factual',
      cue: { text: frame.text, span: frame.span },
      basis: `a denial of a report ("${frame.text}"): the words after it are not asserted, so their cues do not set the kind`,
    }
  }
  // The words of a sarcasm marker (`oh great`) are not an evaluation of their own.
  const outsideMarker = (m: { firstToken: number; endToken: number }) =>
    !sarcasm || m.endToken <= sarcasm.firstToken || m.firstToken >= sarcasm.endToken
  for (const { kind, index } of KINDS) {
    const match = findPhrases(tokens, index, c.first, c.end).find(outsideMarker)
    if (match) {
      const span = {
        start: (tokens[match.firstToken] as Token).start,
        end: (tokens[match.endToken - 1] as Token).end,
      }
      return {
        kind,
        cue: { text: text.slice(span.start, span.end), span },
        basis: `the ${kind} cue "${text.slice(span.start, span.end)}"`,
      }
    }
  }
  if (c.marker?.role === 'premise') {
    return {
      kind: 'causal',
      cue: { text: c.marker.text, span: c.marker.span },
      basis: `introduced by the premise marker "${c.marker.text}"`,
    }
  }
  const verb = tokens.slice(c.first, c.end).find((t) => {
    const cls = functionClass(t.lower)
    return cls === 'be' || cls === 'have' || cls === 'do'
  })
  return verb
    ? {
        kind: 'factual',
        cue: { text: verb.text, span: { start: verb.start, end: verb.end } },
        basis: `a declarative clause with the verb "${verb.text}" and no evaluative, causal, comparative, predictive or recommending cue`,
      }
    : {
        kind: 'factual',
        cue: null,
        basis: 'a declarative clause with no evaluative, causal, comparative, predictive or recommending cue',
      }
}

/** Lower-case content words of a claim, for finding which earlier claim a reply answers. */
function contentWords(text: string): Set<string> {
  return new Set(
    tokenize(text)
      .tokens.filter((t) => functionClass(t.lower) === undefined && t.lower.length > 2)
      .map((t) => t.lower.replace(/s$/, '')),
  )
}

/**
 * How a message answers an earlier one by another author: the reply cue at its start (concession before
 * rebuttal before support), and the earlier claim it shares most content words with (the last claim of
 * the nearest earlier message of another author when none shares any).
 */
function replyRelations(messages: readonly Message[], claims: readonly CandidateClaim[]): ClaimRelation[] {
  const out: ClaimRelation[] = []
  messages.forEach((message, m) => {
    if (m === 0) return
    const own = claims.filter((c) => c.messageId === message.id)
    const first = own[0]
    if (!first) return
    const { tokens } = tokenize(message.text)
    const lead = tokens.findIndex((t) => t.start >= first.span.start)
    let cue: { relation: ClaimRelation['relation']; span: Span } | null = null
    // "Well, that's not true": an opening filler set off by a comma comes before the reply cue.
    const opening = FILLERS.has(tokens[0]?.lower ?? '') && tokens[0]?.gapAfter.includes(',') ? 1 : 0
    for (const { relation, index } of REPLIES) {
      const match = findPhrases(tokens, index, opening, Math.min(tokens.length, opening + 8)).find(
        (x) => x.firstToken === opening,
      )
      if (!match) continue
      const last = tokens[match.endToken - 1] as Token
      if (NEEDS_COMMA.has(match.phrase) && !last.gapAfter.includes(',')) continue
      cue = { relation, span: spanOf(tokens, match.firstToken, match.endToken) }
      break
    }
    if (!cue || lead === -1) return
    const author = message.author ?? null
    const earlier = claims.filter((c) => {
      const index = messages.findIndex((x) => x.id === c.messageId)
      const other = messages[index]
      return index < m && (author === null || (other?.author ?? null) !== author)
    })
    if (earlier.length === 0) return
    const words = contentWords(own.map((c) => c.text).join(' '))
    let target = earlier[earlier.length - 1] as CandidateClaim
    let best = 0
    for (const c of earlier) {
      let shared = 0
      for (const w of contentWords(c.text)) if (words.has(w)) shared++
      if (shared > best) {
        best = shared
        target = c
      }
    }
    const text = message.text.slice(cue.span.start, cue.span.end)
    const from = own.find((c) => c.span.end > cue.span.end) ?? first
    out.push({
      from: from.id,
      to: target.id,
      relation: cue.relation,
      cue: { messageId: message.id, text, span: cue.span },
      basis:
        `"${text}" opens a reply by ${author ? `"${author}"` : 'another message'} that ${cue.relation === 'support' ? 'supports' : cue.relation === 'rebuttal' ? 'rebuts' : 'concedes'} ${target.author ? `"${target.author}"'s` : 'an earlier'} claim` +
        (best > 0
          ? ` (${best} shared content word${best === 1 ? '' : 's'})`
          : ' (the nearest earlier claim)'),
    })
  })
  return out
}

export function analyzeMessages(messages: readonly Message[]): {
  claims: CandidateClaim[]
  links: Link[]
  relations: ClaimRelation[]
  skipped: Array<{ messageId: string; span: Span; reason: string }>
} {
  const claims: CandidateClaim[] = []
  const links: Link[] = []
  const relations: ClaimRelation[] = []
  const skipped: Array<{ messageId: string; span: Span; reason: string }> = []
  for (const message of messages) {
    const { text, tokens, sentences } = tokenize(message.text)
    let previous: CandidateClaim | null = null
    let count = 0
    /** A sarcasm marker standing as a sentence of its own, for the claims of the next sentence. */
    let carried: SarcasmMark | null = null
    for (const sentence of sentences) {
      const sentenceText = text.slice(sentence.start, sentence.end)
      if (sentenceText.trimEnd().endsWith('?')) {
        skipped.push({
          messageId: message.id,
          span: { start: sentence.start, end: sentence.end },
          reason: 'a question, not an assertion',
        })
        continue
      }
      const alone = sarcasmMarks(text, tokens, sentence.firstToken, sentence.endToken)[0]
      if (alone?.firstToken === sentence.firstToken && alone.endToken === sentence.endToken) {
        // "Yeah, right. The buses are never late.": the marker says how to take the next sentence.
        skipped.push({
          messageId: message.id,
          span: { start: sentence.start, end: sentence.end },
          reason: 'a sarcasm marker on its own, not an assertion: it marks the sentence after it',
        })
        carried = alone
        continue
      }
      const parts = clauses(text, tokens, sentence.firstToken, sentence.endToken)
      const inSentence: Array<{ claim: CandidateClaim; clause: Clause }> = []
      for (const clause of parts) {
        if (clause.end - clause.first < 2) continue
        const start = (tokens[clause.first] as Token).start
        const end = clause.end === sentence.endToken ? sentence.end : (tokens[clause.end - 1] as Token).end
        const span = { start, end: end }
        const found = reportFrame(text, tokens, clause.first, clause.end)
        const frame = found
          ? { kind: found.kind, text: found.text, span: found.span, speaker: found.speaker }
          : null
        const mark = sarcasmMarks(text, tokens, clause.first, clause.end)[0] ?? carried
        const classified = classify(text, tokens, clause, frame, mark)
        const sarcasm = mark && { kind: mark.kind, text: mark.text, span: mark.span }
        let basis = classified.basis
        if (frame?.kind === 'report') basis += `, attributed to "${frame.speaker}" by "${frame.text}"`
        if (sarcasm)
          basis += `; marked as possible sarcasm by ${sarcasm.kind === 'marker' ? `"${sarcasm.text}"` : `scare quotes around "${sarcasm.text}"`}, so it is not read as what the writer asserts or denies`
        const claim: CandidateClaim = {
          id: `${message.id}#${++count}`,
          messageId: message.id,
          author: message.author ?? null,
          span,
          text: text.slice(span.start, span.end),
          ...classified,
          basis,
          frame,
          sarcasm,
          quantifiers: quantifiersOf(text, tokens, clause),
        }
        claims.push(claim)
        inSentence.push({ claim, clause })
      }
      inSentence.forEach(({ claim, clause }, k) => {
        const marker = clause.marker
        if (!marker) return
        const before = k > 0 ? inSentence[k - 1]?.claim : previous
        const after = inSentence[k + 1]?.claim
        const link = (premise: CandidateClaim, conclusion: CandidateClaim) =>
          links.push({
            premise: premise.id,
            conclusion: conclusion.id,
            messageId: message.id,
            marker: { text: marker.text, span: marker.span },
          })
        const opening =
          k === 0 && marker.span.start === (tokens[sentence.firstToken] as Token).start && opens(marker)
        if (marker.role === 'contrast' && opening && after) {
          relations.push({
            from: after.id,
            to: claim.id,
            relation: 'contrast',
            cue: { messageId: message.id, text: marker.text, span: marker.span },
            basis: `"${marker.text}" opens a clause that the rest of the sentence is set against`,
          })
        } else if (marker.role === 'contrast') {
          if (before)
            relations.push({
              from: claim.id,
              to: before.id,
              relation: 'contrast',
              cue: { messageId: message.id, text: marker.text, span: marker.span },
              basis: `"${marker.text}" sets this claim against the one before it`,
            })
        } else if (marker.role === 'conclusion' && before) link(before, claim)
        // "Because B, A": a premise opening the sentence supports the clause after it; otherwise the one before.
        else if (marker.role === 'premise' && opening && after) link(claim, after)
        else if (marker.role === 'premise' && before) link(claim, before)
      })
      const last = inSentence[inSentence.length - 1]
      if (last) previous = last.claim
      carried = null
    }
  }
  return { claims, links, relations: [...relations, ...replyRelations(messages, claims)], skipped }
}
