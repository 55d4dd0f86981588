/**
 * The documented procedure that proposes observed-language annotations for review (GUIDELINE.md, step 1):
 * from every second address in year order, the passage of four to six whole sentences with the most claim
 * sentences, and in it each sentence whose wording marks one of the claim kinds. Its output is unreviewed
 * (`review: null`, `rights: null`): a reviewer accepts or rejects every claim before anything is released.
 */
import { sha256Hex } from '../../src/storage/digest'
import { sentences, type Piece } from '../../src/releases/datasets/text'
import {
  GUIDELINE_ID,
  type ClaimKind,
  type PassageAnnotation,
} from '../../src/releases/datasets/observed-language/annotations'
import { speechKey, type Speech } from '../../src/releases/datasets/observed-language/speeches'

/** Wording that marks each kind, tried in this order; a sentence takes the first kind that matches. */
export const KIND_CUES: ReadonlyArray<readonly [ClaimKind, RegExp]> = [
  [
    'proposal',
    /\b(?:I|we)\s+(?:[a-z]+\s+){0,2}?(?:recommend|propose|urge|request|suggest|call upon|call on|ask)\b/,
  ],
  [
    'commitment',
    /\b(?:I|we|my administration|this administration|the government)\s+(?:[a-z]+\s+)?(?:will|shall|intend to|am going to|are going to|pledge|promise)\b/i,
  ],
  [
    'quantitative',
    /\$\s?\d|\d\s?(?:%|percent|per cent)|\b\d[\d,.]*\s+(?:hundred|thousand|million|billion|dollars|acres|miles|tons|men|troops|ships|persons|people|jobs|pupils|children|families)\b|\b(?:millions|billions) of\b/i,
  ],
  [
    'causal',
    /\b(?:because|therefore|consequently|as a result|resulted in|results in|led to|leads to|due to|caused by)\b/i,
  ],
]

export const PASSAGE_SENTENCES = { min: 4, max: 6 }
export const MAX_PASSAGE_LENGTH = 1200
/**
 * Sentences outside these bounds, or holding editorial insertions ("[Applause]", "(applause)"), capitalized
 * headings or a stop with no space after it (two sentences run together), are not used.
 */
const SENTENCE_LENGTH = { min: 30, max: 400 }
const HEADING = /\b[A-Z]{2,}(?:\s+[A-Z]{2,})+\b/
const EDITORIAL = /[[\]]|\((?:applause|laughter)\)/i
const RUN_TOGETHER = /[a-z][.!?][A-Z]/

export function claimKind(sentence: string): ClaimKind | null {
  for (const [kind, cue] of KIND_CUES) if (cue.test(sentence)) return kind
  return null
}

function usable(sentence: Piece): boolean {
  const length = sentence.text.length
  return (
    length >= SENTENCE_LENGTH.min &&
    length <= SENTENCE_LENGTH.max &&
    !EDITORIAL.test(sentence.text) &&
    !RUN_TOGETHER.test(sentence.text) &&
    !HEADING.test(sentence.text)
  )
}

/**
 * The window of usable sentences with the most kinds of claim, then the most claim sentences (at least two),
 * earliest first on ties.
 */
function bestWindow(text: string): Piece[] | null {
  const all = sentences(text)
  let best: { from: number; to: number; score: number } | null = null
  for (let from = 0; from < all.length; from++) {
    const kinds = new Set<ClaimKind>()
    let claims = 0
    for (let to = from; to < all.length && to - from < PASSAGE_SENTENCES.max; to++) {
      const sentence = all[to] as Piece
      if (!usable(sentence) || sentence.end - (all[from] as Piece).start > MAX_PASSAGE_LENGTH) break
      const kind = claimKind(sentence.text)
      if (kind) {
        kinds.add(kind)
        claims++
      }
      const score = kinds.size * 100 + claims
      const size = to - from + 1
      if (size >= PASSAGE_SENTENCES.min && claims >= 2 && (!best || score > best.score))
        best = { from, to, score }
    }
  }
  return best ? all.slice(best.from, best.to + 1) : null
}

export async function proposeAnnotations(speeches: readonly Speech[]): Promise<PassageAnnotation[]> {
  const ordered = [...speeches].sort((a, b) => a.year - b.year || (a.name < b.name ? -1 : 1))
  const out: PassageAnnotation[] = []
  for (const [index, speech] of ordered.entries()) {
    if (index % 2 !== 0) continue
    const window = bestWindow(speech.text)
    if (!window) continue
    const start = (window[0] as Piece).start
    const end = (window[window.length - 1] as Piece).end
    const id = `sotu-${speechKey(speech)}`
    out.push({
      id,
      speech: speechKey(speech),
      start,
      end,
      sha256: await sha256Hex(speech.text.slice(start, end)),
      rights: null,
      review: null,
      claims: window.flatMap((sentence, n) => {
        const kind = claimKind(sentence.text)
        if (!kind) return []
        return [
          {
            id: `${id}-c${n + 1}`,
            start: sentence.start - start,
            end: sentence.end - start,
            text: sentence.text,
            kind,
            review: null,
          },
        ]
      }),
    })
  }
  return out
}

export const PROCEDURE =
  'tools/observed-language-candidates.ts (tools/datasets/observed-language-candidates.ts), then review ' +
  `of every proposed claim under ${GUIDELINE_ID}`
