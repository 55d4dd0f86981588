/**
 * The form a person typed: which words and parts of speech it can be ("ran": past tense of the verb "run";
 * "banks": plural of the noun "bank", present tense of the verb "bank", the proper noun "Banks"), so a word
 * record can put the meanings that form can have first, and how a lexicon word is written where it is only
 * a name ("Banks", not "banks").
 */
import { normalizeLemma, senseSynsetPos, senseWritten, sensesOf, type Lexicon } from './lexicon'
import { inflectionName, type BaseForm } from './morphology'
import type { FormReading } from './schemas'
import { PARTS_OF_SPEECH } from './wordnet-format'

const isCapitalized = (written: string) => written !== written.toLowerCase()

/**
 * Every reading of the typed form (normalized): the word itself in each part of speech it has, then the base
 * forms it inflects, then the names it is (capitals kept), so a common word comes before a person's name.
 */
export function readingsOf(lexicon: Lexicon, form: string, forms: readonly BaseForm[]): FormReading[] {
  const common: FormReading[] = []
  const names: FormReading[] = []
  const senses = sensesOf(lexicon, form)
  for (const pos of PARTS_OF_SPEECH) {
    const written = senses
      .filter((s) => senseSynsetPos(lexicon, s) === pos)
      .map((s) => senseWritten(lexicon, s))
    if (written.some((w) => !isCapitalized(w)))
      common.push({ word: form, partOfSpeech: pos, form: null, name: false })
    const name = written.find(isCapitalized)
    if (name !== undefined) names.push({ word: name, partOfSpeech: pos, form: null, name: true })
  }
  const inflected = forms.map((base) => ({
    word: base.word,
    partOfSpeech: base.partOfSpeech,
    form: inflectionName(form, base),
    name: false,
  }))
  return [...common, ...inflected, ...names]
}

/** Whether the served word in a part of speech is one of the typed form's readings. */
export function readingMatches(readings: readonly FormReading[], word: string, pos: string): boolean {
  return readings.some((r) => r.partOfSpeech === pos && normalizeLemma(r.word) === word)
}

/** A lexicon word as a person writes it: lower case if any of its meanings is, else its name's capitals. */
export function writtenForm(lexicon: Lexicon, lemma: string): string {
  let name: string | undefined
  for (const sense of sensesOf(lexicon, lemma)) {
    const written = senseWritten(lexicon, sense)
    if (!isCapitalized(written)) return lemma
    name ??= written
  }
  return name ?? lemma
}
