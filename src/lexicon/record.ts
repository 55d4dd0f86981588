/**
 * Word records: every meaning of a word with its definition, examples, synonyms and meaning-specific
 * relations, each relation pointing to a word and meaning ID that the word route resolves.
 */
import {
  type Lexicon,
  normalizeLemma,
  pointersOf,
  senseAt,
  senseKey,
  senseTagCount,
  sensesOf,
  synsetAt,
  synsetDefinition,
  synsetId,
  synsetSenses,
} from './lexicon'
import { meaningShares, wordFrequency } from './frequency'
import { baseForms, type BaseForm } from './morphology'
import { registersOf } from './register-file'
import { wordSound } from './sound'
import type { Meaning, Relation, WordRecord } from './schemas'
import { readingMatches, readingsOf } from './typed-form'
import { LEXICOGRAPHER_FILES, RELATION_TYPES, partOfSpeech } from './wordnet-format'

export type WordLookup =
  | { found: true; record: WordRecord }
  | { found: false; reason: 'word-not-found' | 'meaning-not-found'; word: string; baseForms: BaseForm[] }

export function attribution(lexicon: Lexicon): WordRecord['attribution'] {
  const source = lexicon.manifest.source
  return {
    source: `${source.name} ${source.version}, ${source.publisher}`,
    license: source.license,
    url: source.url,
  }
}

export function lookupWord(lexicon: Lexicon, query: string, senseId?: string): WordLookup {
  const asked = normalizeLemma(query)
  const forms = baseForms(lexicon, asked)
  const word = sensesOf(lexicon, asked).length > 0 ? asked : forms[0]?.word
  if (word === undefined) return { found: false, reason: 'word-not-found', word: asked, baseForms: forms }
  const all = sensesOf(lexicon, word)
  const shares = meaningShares(all.map((sense) => ({ sense, tagCount: senseTagCount(lexicon, sense) })))
  let senses = all
  if (senseId !== undefined) {
    senses = senses.filter((s) => senseKey(lexicon, s) === senseId)
    if (senses.length === 0) return { found: false, reason: 'meaning-not-found', word, baseForms: forms }
  }
  const readings = readingsOf(lexicon, asked, forms)
  const meanings = senses.map((s) => {
    const m = meaning(lexicon, s)
    const share = shares.get(s) ?? { share: null, mostCommon: false }
    return { ...m, typedForm: readingMatches(readings, word, m.partOfSpeech), ...share }
  })
  // The meanings the typed form can have first ("ran": the verb's), each group in WordNet's order.
  const ordered = [...meanings.filter((m) => m.typedForm), ...meanings.filter((m) => !m.typedForm)]
  return {
    found: true,
    record: {
      word,
      query: query,
      morphology:
        forms.length === 0
          ? null
          : {
              baseForms: forms,
              note:
                word === asked
                  ? `"${asked}" is a lexicon word and also an inflected form of ${forms.map((f) => `"${f.word}" (${f.partOfSpeech})`).join(', ')}.`
                  : `"${asked}" is not a lexicon word; it is an inflected form of ${forms.map((f) => `"${f.word}" (${f.partOfSpeech})`).join(', ')}, and "${word}" is served.`,
            },
      typedForm: { form: asked, readings },
      release: lexicon.manifest.release,
      meanings: ordered,
      frequency: wordFrequency(lexicon, word),
      sound: wordSound(lexicon, word, [...new Set(meanings.map((m) => m.partOfSpeech))]),
      attribution: attribution(lexicon),
    },
  }
}

type WordRef = Meaning['synonyms'][number]

function wordRef(lexicon: Lexicon, sense: number): WordRef {
  const row = senseAt(lexicon, sense)
  const register = registersOf(lexicon)(row[0])
  return register.length > 0 ? { word: row[1], id: row[0], register } : { word: row[1], id: row[0] }
}

export function meaning(lexicon: Lexicon, sense: number): Meaning {
  const row = senseAt(lexicon, sense)
  const synset = synsetAt(lexicon, row[2])
  const relations: Relation[] = []
  for (const [symbol, target, source, targetSense] of pointersOf(lexicon, row[2])) {
    if (source !== -1 && source !== sense) continue
    relations.push({
      type: RELATION_TYPES[symbol],
      scope: source === -1 ? 'semantic' : 'lexical',
      synset: synsetId(lexicon, target),
      definition: synsetDefinition(lexicon, target),
      words:
        targetSense === -1
          ? synsetSenses(lexicon, target).map((s) => wordRef(lexicon, s))
          : [wordRef(lexicon, targetSense)],
    })
  }
  return {
    id: row[0],
    synset: synset[0],
    partOfSpeech: partOfSpeech(synset[1]),
    satellite: synset[1] === 's',
    senseNumber: row[3],
    tagCount: row[4],
    lexicographerFile: LEXICOGRAPHER_FILES[synset[2]] ?? 'unknown',
    definition: synset[3],
    examples: synset[4],
    register: registersOf(lexicon)(row[0]),
    synonyms: synset[5].filter((s) => s !== sense).map((s) => wordRef(lexicon, s)),
    relations,
    typedForm: true,
    share: null,
    mostCommon: false,
  }
}
