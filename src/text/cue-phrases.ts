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

/** A token's forms for cue matching: itself, and `n't` for negative contractions (`don't`, `isn't`). */
function forms(token: Token): string[] {
  return token.lower.endsWith("n't") && token.lower !== "n't" ? [token.lower, "n't"] : [token.lower]
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
    let matched: PhraseMatch | null = null
    for (const form of forms(tokens[i] as Token)) {
      for (const { words, entry } of index.get(form) ?? []) {
        if (i + words.length > to) continue
        let ok = true
        for (let k = 1; k < words.length && ok; k++) {
          const t = tokens[i + k] as Token
          ok = t.lower === words[k] && t.sentence === (tokens[i] as Token).sentence
        }
        if (ok) {
          matched = { phrase: entry.phrase, value: entry.value, firstToken: i, endToken: i + words.length }
          break
        }
      }
      if (matched) break
    }
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
