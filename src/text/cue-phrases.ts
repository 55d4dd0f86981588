/** Finds cue phrases (one or more words) in tokenized text, longest match first, each with its span. */
import type { Token } from './tokens'
import type { CueEntry } from './cues'

export type PhraseMatch = { phrase: string; value: number; firstToken: number; endToken: number }

export type PhraseIndex = Map<string, Array<{ words: string[]; entry: CueEntry }>>

export function phraseIndex(entries: readonly CueEntry[]): PhraseIndex {
  const index: PhraseIndex = new Map()
  for (const entry of entries) {
    const words = entry.phrase.split(' ')
    const list = index.get(words[0] as string) ?? []
    list.push({ words, entry })
    list.sort((a, b) => b.words.length - a.words.length)
    index.set(words[0] as string, list)
  }
  return index
}

/** The longest phrase of `index` starting at token i and ending by `to`, or null. */
export function matchAt(
  tokens: readonly Token[],
  index: PhraseIndex,
  i: number,
  to: number,
): PhraseMatch | null {
  // A token's forms: itself, and `n't` for a negative contraction (`don't`, `isn't`).
  const lower = (tokens[i] as Token).lower
  return (
    matchForm(tokens, index, i, to, lower) ??
    (lower.endsWith("n't") && lower !== "n't" ? matchForm(tokens, index, i, to, "n't") : null)
  )
}

function matchForm(
  tokens: readonly Token[],
  index: PhraseIndex,
  i: number,
  to: number,
  form: string,
): PhraseMatch | null {
  const candidates = index.get(form)
  if (candidates === undefined) return null
  const sentence = (tokens[i] as Token).sentence
  for (const { words, entry } of candidates) {
    if (i + words.length > to) continue
    let ok = true
    for (let k = 1; k < words.length && ok; k++) {
      const t = tokens[i + k] as Token
      ok = t.lower === words[k] && t.sentence === sentence
    }
    if (ok) return { phrase: entry.phrase, value: entry.value, firstToken: i, endToken: i + words.length }
  }
  return null
}

/** Non-overlapping matches in token order; phrases do not cross sentence boundaries. */
export function findPhrases(
  tokens: readonly Token[],
  index: PhraseIndex,
  from = 0,
  to = tokens.length,
): PhraseMatch[] {
  const out: PhraseMatch[] = []
  for (let i = from; i < to;) {
    const matched = matchAt(tokens, index, i, to)
    if (matched) {
      out.push(matched)
      i = matched.endToken
    } else i++
  }
  return out
}

export function plainIndex(phrases: readonly string[]): PhraseIndex {
  return phraseIndex(phrases.map((phrase) => ({ phrase, value: 1 })))
}
