/**
 * What the shape of a reverse-dictionary description says beyond its words: an opposite asked for ("the
 * opposite of hot", "not happy", "the reverse of good"), an adjective made stronger ("very big"), the kind of
 * thing described by its opening ("a place where …", "a person who …", "something you use to …", "an animal
 * that …"). Read from the words alone, before the lexicon is asked.
 */
import type { PartOfSpeech } from '../lexicon/wordnet-format'

/** Kinds of thing a description can open with; each is matched to WordNet hypernyms in find.ts. */
export const KINDS = ['place', 'person', 'thing', 'animal'] as const
export type Kind = (typeof KINDS)[number]

export type DescriptionShape = {
  /** The word whose opposite is asked for, and its part of speech when the description says it ("to win"). */
  opposite: { word: string; pos?: PartOfSpeech } | null
  /** The adjective made stronger ("very big": big). */
  stronger: string | null
  kind: Kind | null
  /** The word that names the kind ("place"), matched by the kind rather than in definitions. */
  kindWord: string | null
}

const OPPOSITE =
  /^(?:(?:the|an?)\s+)?(?:opposite|reverse|antonym|contrary)\s+(?:of\s+)?(?:(?:the\s+)?word\s+)?(to\s+|an?\s+|the\s+|being\s+)?([a-z][a-z' -]*)$/
const NOT = /^(?:not|isn't|never)\s+(to\s+|an?\s+|being\s+)?([a-z][a-z' -]*)$/
const STRONGER = /^(?:very|really|extremely|so|too)\s+([a-z][a-z'-]*)$/
const KIND_OPENINGS: ReadonlyArray<[Kind, RegExp]> = [
  [
    'place',
    /^(?:an?\s+|the\s+)?(place|building|room|shop|store|area|somewhere)\s+(?:where|that|which|in which|for|to|you)\b/,
  ],
  [
    'person',
    /^(?:an?\s+|the\s+)?(person|someone|somebody|man|woman|people|worker)\s+(?:who|that|whose|whom)\b/,
  ],
  [
    'thing',
    /^(?:an?\s+|the\s+)?(something|thing|tool|device|machine|instrument|implement|object|vehicle)\s+(?:you|used|that|for|to|which|people|we)\b/,
  ],
  ['animal', /^(?:an?\s+|the\s+)?(animal|bird|insect|creature)\s+(?:that|which|who|with)\b/],
]

export function descriptionShape(description: string): DescriptionShape {
  const text = description
    .toLowerCase()
    .replace(/[^a-z' -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const opposite = OPPOSITE.exec(text) ?? NOT.exec(text)
  const stronger = STRONGER.exec(text)
  let kind: [Kind, string] | null = null
  for (const [name, opening] of KIND_OPENINGS) {
    const found = opening.exec(text)
    if (found) {
      kind = [name, found[1] as string]
      break
    }
  }
  return {
    opposite: opposite
      ? {
          word: (opposite[2] as string).trim(),
          ...(opposite[1]?.startsWith('to') ? { pos: 'verb' as const } : {}),
        }
      : null,
    stronger: stronger ? (stronger[1] as string) : null,
    kind: kind?.[0] ?? null,
    kindWord: kind?.[1] ?? null,
  }
}
