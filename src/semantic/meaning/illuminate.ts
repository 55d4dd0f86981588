/**
 * `/v1/illuminate`: every selected occurrence of a passage resolved, and a summary of the meanings chosen.
 * Its heaviest request (every content word of 12,000 characters) reads tens of megabytes of a release and
 * answers with megabytes of JSON, so it is computed in steps (src/lexicon/reading.ts): reading the passage
 * first, then the occurrences in runs. Where the lexicon is read in blocks (Workers) each run pins only the
 * blocks it reads, released before the next; everywhere, each item is turned into its JSON text as soon as it
 * is resolved, and what later items need of it is kept apart: its candidate shares for one sense per
 * discourse (src/semantic/meaning/resolve.ts), its decision and span for the summary. So the answer never
 * exists whole as objects, and memory does not grow with the evidence of the whole passage.
 */
import { normalizeLemma, type Lexicon } from '../../lexicon/lexicon'
import type { LexiconSteps } from '../../lexicon/reading'
import { chunkedUtf8Encoder } from '../../text/utf8-chunks'
import { BOUNDS, ILLUMINATE_DEFAULT_CANDIDATES } from '../bounds'
import type { ResolutionBody, SpanBody } from '../schemas'
import { buildMeanings, useBuiltMeanings } from './built-meanings'
import { expressionFor, inPassage, type Expression, type PassageFrame } from './passage'
import { meaningFile, resolutionBody } from './present'
import { readPassage, type MeaningOptions } from './operations'
import { createResolver, type MeaningShares } from './resolve'
import { isTargetProblem, locateInFrame, wordOccurrences, type TargetSpec } from './targets'

export type IlluminateSelect =
  | { mode: 'targets'; targets: TargetSpec[] }
  | { mode: 'expressions'; expressions: string[] }
  | { mode: 'content-words' }

export type IlluminateProblem = { code: string; message: string; path: string }

/** The answer but for its release and method: `items` as each item's JSON, UTF-8 encoded, in order. */
export type Illuminated = {
  items: Uint8Array[]
  unmatched: string[]
  summary: ReturnType<typeof summarize>
}

/**
 * Occurrences resolved per step where the lexicon is read in blocks: the blocks of a run of this many
 * (their model lines and word records; the signatures and vectors they read are built ahead in steps of
 * their own, src/semantic/meaning/built-meanings.ts) are pinned at once, and each step is rehearsed on zeros
 * once per round of fetching (about 6 rounds a step), so shorter runs pin less but rehearse more in all.
 * The heaviest /v1/illuminate on Node over the paged release took 17.8 s of CPU in runs of 25, 14.4 in
 * runs of 100 and 13.0 in runs of 300 (15.5 to 17.8 in one run before the steps).
 */
const PAGED_RUN = 200

/** What the summary needs of an item: its decision, its span, and the lexicographer file of its meaning. */
type SummaryEntry = { decision: ResolutionBody['decision']; span: SpanBody; file: string | null }

type Selected =
  | { ok: false; problem: IlluminateProblem }
  | { ok: true; frame: PassageFrame; expressions: Expression[]; unmatched: string[] }

function select(frame: PassageFrame, selection: IlluminateSelect): Selected {
  const { analysis } = frame
  const expressions: Expression[] = []
  const unmatched: string[] = []
  if (selection.mode === 'targets') {
    for (const [i, target] of selection.targets.entries()) {
      const found = locateInFrame(frame, target)
      if (isTargetProblem(found)) return { ok: false, problem: { ...found, path: `select.targets.${i}` } }
      expressions.push(found)
    }
  } else if (selection.mode === 'expressions') {
    const seen = new Set<string>()
    for (const raw of selection.expressions) {
      const word = normalizeLemma(raw)
      const ranges = wordOccurrences(analysis, word)
        .map(([i, j]) => expressionFor(analysis, i, j))
        .filter((e) => inPassage(frame, e))
      if (ranges.length === 0) unmatched.push(raw)
      for (const expression of ranges) {
        const key = `${expression.firstToken}:${expression.endToken}`
        if (!seen.has(key)) expressions.push(expression)
        seen.add(key)
      }
    }
    expressions.sort((x, y) => x.firstToken - y.firstToken || x.endToken - y.endToken)
  } else {
    expressions.push(...analysis.expressions.filter((e) => inPassage(frame, e)))
  }
  if (expressions.length > BOUNDS.illuminateOccurrences) {
    return {
      ok: false,
      problem: {
        code: 'too_many_occurrences',
        message: `The selection has ${expressions.length} occurrences; at most ${BOUNDS.illuminateOccurrences} are resolved per request.`,
        path: 'select',
      },
    }
  }
  return { ok: true, frame, expressions, unmatched }
}

/** The frame as read over `lexicon`: the same one, or a copy reading through another lexicon object. */
function frameOver(frame: PassageFrame, lexicon: Lexicon): PassageFrame {
  return frame.analysis.lexicon === lexicon ? frame : { ...frame, analysis: { ...frame.analysis, lexicon } }
}

export async function illuminate(
  steps: LexiconSteps,
  passage: string,
  selection: IlluminateSelect,
  options: MeaningOptions = {},
): Promise<{ ok: false; problem: IlluminateProblem } | { ok: true; value: Illuminated }> {
  const selected = await steps.step((lexicon) =>
    select(readPassage(lexicon, passage, options.context), selection),
  )
  if (!selected.ok) return selected
  const { frame, expressions, unmatched } = selected
  const limit = options.maxCandidates ?? ILLUMINATE_DEFAULT_CANDIDATES
  const known = new Map<string, MeaningShares>()
  const items: Uint8Array[] = []
  const entries: SummaryEntry[] = []
  const run = steps.paged ? PAGED_RUN : Math.max(1, expressions.length)
  const scoring = createResolver(frame.analysis, options.settings)
  for (let start = 0; start < expressions.length; start += run) {
    const slice = expressions.slice(start, start + run)
    const built = steps.paged
      ? await buildMeanings(steps.step, frame.analysis, scoring.scoredFor(slice, known))
      : null
    // A step may run again, or on a rehearsal lexicon: it returns what it computed and changes nothing here.
    const done = await steps.step((lexicon) => {
      if (built) useBuiltMeanings(lexicon, built)
      const over = frameOver(frame, lexicon)
      // Each item's bytes at once: a step's items as one string would be megabytes more of heap.
      const encode = chunkedUtf8Encoder()
      const encoded: Uint8Array[] = []
      const summaryEntries: SummaryEntry[] = []
      const scored = createResolver(over.analysis, options.settings).resolveInTurn(slice, known, (r) => {
        const body = resolutionBody(over, r, limit)
        encoded.push(encode(JSON.stringify(body)))
        const file = r.decision.status === 'chosen' ? meaningFile(lexicon, r.decision.sense) : null
        summaryEntries.push({ decision: body.decision, span: body.target.span, file })
      })
      return { encoded, scored, summaryEntries }
    })
    for (const [key, shares] of done.scored) known.set(key, shares)
    entries.push(...done.summaryEntries)
    items.push(...done.encoded)
  }
  return { ok: true, value: { items, unmatched, summary: summarize(entries) } }
}

function summarize(entries: readonly SummaryEntry[]) {
  const meanings = new Map<
    string,
    {
      word: string
      partOfSpeech: ResolutionBody['readings'][number]['partOfSpeech']
      definition: string
      spans: SpanBody[]
      file: string
    }
  >()
  let chosen = 0
  let notInLexicon = 0
  for (const { decision: d, span, file } of entries) {
    if (d.status === 'abstained') {
      if (d.reason === 'not-in-lexicon') notInLexicon++
      continue
    }
    chosen++
    const entry = meanings.get(d.meaning)
    if (entry) entry.spans.push(span)
    else {
      meanings.set(d.meaning, {
        word: d.word,
        partOfSpeech: d.partOfSpeech,
        definition: d.definition,
        spans: [span],
        file: file as string,
      })
    }
  }
  const files = new Map<string, number>()
  for (const m of meanings.values()) files.set(m.file, (files.get(m.file) ?? 0) + m.spans.length)
  return {
    occurrences: entries.length,
    chosen,
    abstained: entries.length - chosen,
    notInLexicon,
    meanings: [...meanings.entries()]
      .map(([meaning, m]) => ({
        meaning,
        word: m.word,
        partOfSpeech: m.partOfSpeech,
        definition: m.definition,
        occurrences: m.spans.length,
        spans: m.spans,
      }))
      .sort((x, y) => y.occurrences - x.occurrences || (x.spans[0]?.start ?? 0) - (y.spans[0]?.start ?? 0)),
    lexicographerFiles: [...files.entries()]
      .map(([file, occurrences]) => ({ file, occurrences }))
      .sort((x, y) => y.occurrences - x.occurrences || (x.file < y.file ? -1 : 1)),
  }
}
