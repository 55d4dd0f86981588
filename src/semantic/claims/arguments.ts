/**
 * Candidate claims in supplied messages: each sentence (split further at discourse markers such as
 * `because` or `so`) that asserts something becomes a candidate with its span, its kind (recommendation,
 * predictive, causal, comparative, evaluative, factual) and the cue that marked the kind, and premise →
 * conclusion links where a discourse marker shows one. Candidates, not verdicts.
 */
import { functionClass } from '../text/function-words'
import { tokenize, type Span, type Token } from '../text/tokens'
import { CONCLUSION_MARKERS, KIND_CUES, PREMISE_MARKERS } from './cues'
import { findPhrases, plainIndex } from './phrases'

export type ClaimKind = 'factual' | 'evaluative' | 'causal' | 'comparative' | 'predictive' | 'recommendation'

export type Message = { id: string; author?: string; text: string }

export type Marker = { text: string; span: Span; role: 'premise' | 'conclusion' }

export type CandidateClaim = {
  id: string
  messageId: string
  author: string | null
  span: Span
  text: string
  kind: ClaimKind
  cue: { text: string; span: Span } | null
  basis: string
}

export type Link = {
  premise: string
  conclusion: string
  messageId: string
  marker: { text: string; span: Span }
}

const PREMISE = plainIndex(PREMISE_MARKERS)
const CONCLUSION = plainIndex(CONCLUSION_MARKERS)
const KINDS = KIND_CUES.map((k) => ({ kind: k.kind, index: plainIndex(k.phrases) }))

type Clause = { first: number; end: number; marker: Marker | null }

/** Splits a sentence's tokens at discourse markers; a marker belongs to the clause it introduces. */
function clauses(text: string, tokens: readonly Token[], first: number, end: number): Clause[] {
  const markers = [
    ...findPhrases(tokens, PREMISE, first, end).map((m) => ({ ...m, role: 'premise' as const })),
    ...findPhrases(tokens, CONCLUSION, first, end).map((m) => ({ ...m, role: 'conclusion' as const })),
  ]
    // `as` and `for` and `since` are markers only at a clause start (after a comma or at the start).
    .filter(
      (m) =>
        !['as', 'for', 'since', 'so'].includes(m.phrase) ||
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
  // "Because B, A": a premise marker opening the sentence governs only up to the first comma.
  const opening = out[0]
  if (opening?.marker?.role === 'premise' && opening.marker.span.start === (tokens[first] as Token).start) {
    for (let k = opening.first; k < opening.end - 1; k++) {
      if (/[,;]/.test((tokens[k] as Token).gapAfter)) {
        out.splice(0, 1, { ...opening, end: k + 1 }, { first: k + 1, end: opening.end, marker: null })
        break
      }
    }
  }
  return out
}

function classify(
  text: string,
  tokens: readonly Token[],
  c: Clause,
): Pick<CandidateClaim, 'kind' | 'cue' | 'basis'> {
  for (const { kind, index } of KINDS) {
    const match = findPhrases(tokens, index, c.first, c.end)[0]
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

export function analyzeMessages(messages: readonly Message[]): {
  claims: CandidateClaim[]
  links: Link[]
  skipped: Array<{ messageId: string; span: Span; reason: string }>
} {
  const claims: CandidateClaim[] = []
  const links: Link[] = []
  const skipped: Array<{ messageId: string; span: Span; reason: string }> = []
  for (const message of messages) {
    const { text, tokens, sentences } = tokenize(message.text)
    let previous: CandidateClaim | null = null
    let count = 0
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
      const parts = clauses(text, tokens, sentence.firstToken, sentence.endToken)
      const inSentence: Array<{ claim: CandidateClaim; clause: Clause }> = []
      for (const clause of parts) {
        if (clause.end - clause.first < 2) continue
        const start = (tokens[clause.first] as Token).start
        const end = clause.end === sentence.endToken ? sentence.end : (tokens[clause.end - 1] as Token).end
        const span = { start, end: end }
        const claim: CandidateClaim = {
          id: `${message.id}#${++count}`,
          messageId: message.id,
          author: message.author ?? null,
          span,
          text: text.slice(span.start, span.end),
          ...classify(text, tokens, clause),
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
        if (marker.role === 'conclusion' && before) link(before, claim)
        // "Because B, A": a premise opening the sentence supports the clause after it; otherwise the one before.
        else if (marker.role === 'premise' && k === 0 && after) link(claim, after)
        else if (marker.role === 'premise' && before) link(claim, before)
      })
      const last = inSentence[inSentence.length - 1]
      if (last) previous = last.claim
    }
  }
  return { claims, links, skipped }
}
