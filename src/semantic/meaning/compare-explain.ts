/**
 * The explanation `/v1/compare` gives a learner beside its numbers: which meaning each use most likely has,
 * how the two meanings are related when they are, what the readings give, how alike the words around the
 * two uses are, and where that stands against what the rule needs. Only words of the passages and of the
 * dictionary are named: no rule codes or file names.
 */
import { type Lexicon, synsetSenses, senseWritten } from '../../lexicon/lexicon'
import { LEXICOGRAPHER_FILES } from '../../lexicon/wordnet-format'
import {
  LIKENESS_WEIGHT,
  RELATED_THRESHOLD,
  SAME_THRESHOLD,
  sameScore,
  type MeaningChances,
  type Relation,
} from './compare-rule'

/** What the meanings of a noun or verb lexicographer file are about, in plain words. */
const FILE_WORDS: Partial<Record<(typeof LEXICOGRAPHER_FILES)[number], string>> = {
  'noun.act': 'name actions',
  'noun.animal': 'name animals',
  'noun.artifact': 'name things people make',
  'noun.attribute': 'name qualities',
  'noun.body': 'name parts of the body',
  'noun.cognition': 'name thoughts or knowledge',
  'noun.communication': 'name things said or written',
  'noun.event': 'name events',
  'noun.feeling': 'name feelings',
  'noun.food': 'name food or drink',
  'noun.group': 'name groups',
  'noun.location': 'name places',
  'noun.motive': 'name reasons',
  'noun.object': 'name natural objects',
  'noun.person': 'name people',
  'noun.phenomenon': 'name things that happen in nature',
  'noun.plant': 'name plants',
  'noun.possession': 'name money or what people own',
  'noun.process': 'name processes',
  'noun.quantity': 'name amounts',
  'noun.relation': 'name relations',
  'noun.shape': 'name shapes',
  'noun.state': 'name states or conditions',
  'noun.substance': 'name substances',
  'noun.time': 'name times',
  'verb.body': 'are about the body',
  'verb.change': 'are about change',
  'verb.cognition': 'are about thinking',
  'verb.communication': 'are about speaking or writing',
  'verb.competition': 'are about contests',
  'verb.consumption': 'are about eating, drinking or using',
  'verb.contact': 'are about touching',
  'verb.creation': 'are about making',
  'verb.emotion': 'are about feelings',
  'verb.motion': 'are about moving',
  'verb.perception': 'are about the senses',
  'verb.possession': 'are about having or giving',
  'verb.social': 'are about life with others',
  'verb.stative': 'are about being',
  'verb.weather': 'are about the weather',
}

const quote = (text: string) => `“${text}”`
const percent = (x: number) => `${Math.round(x * 100)} %`
const points = (x: number) => (Math.round(x * 100) / 100).toFixed(2)

/** A synset's first word as written. */
function headWord(lexicon: Lexicon, synset: number): string {
  const sense = synsetSenses(lexicon, synset)[0]
  return sense === undefined ? '' : senseWritten(lexicon, sense).replace(/_/g, ' ')
}

/** How two related meanings are related, in words. */
export function relationWords(lexicon: Lexicon, relation: Relation): string {
  switch (relation.kind) {
    case 'kind-of':
      return `one is a kind of the other, ${quote(headWord(lexicon, relation.synset))}`
    case 'shared-hypernym':
      return `both are kinds of ${quote(headWord(lexicon, relation.synset))}`
    case 'similar':
      return `both are close to ${quote(headWord(lexicon, relation.synset))}`
    case 'file':
      return `both ${FILE_WORDS[LEXICOGRAPHER_FILES[relation.file] as keyof typeof FILE_WORDS] ?? 'are of one kind'}`
  }
}

/** The likeness of the words around the two uses, in words; the two words most alike when there are. */
export function likenessWords(cosine: number | null, alike: readonly [string, string] | null): string {
  if (cosine === null) return 'no word around one of the uses is known well enough to compare the two'
  const how = cosine >= 0.3 ? 'much alike' : cosine >= 0.1 ? 'a little alike' : 'not alike'
  const words = !alike
    ? ''
    : alike[0].toLowerCase() === alike[1].toLowerCase()
      ? ` (${quote(alike[0])} is near both)`
      : ` (${quote(alike[0])} and ${quote(alike[1])})`
  return `the words around the two uses are ${how}${words}`
}

/** What the readings and the likeness give, against what the rule needs for the same or related meanings. */
export function tallyWords(
  chances: MeaningChances,
  cosine: number | null,
  alike: readonly [string, string] | null,
): string {
  const score = sameScore(chances.same, cosine)
  const likeness = LIKENESS_WEIGHT * (cosine ?? 0)
  const change = likeness >= 0 ? `adds ${points(likeness)}` : `takes off ${points(-likeness)}`
  const readings = `The readings give the same meaning a ${percent(chances.same)} chance and a related one ${percent(chances.related)}`
  const sameBar = `${points(score)} in all ${score >= SAME_THRESHOLD ? 'reaches' : 'stays under'} the ${points(SAME_THRESHOLD)} needed for the same meaning`
  const either = chances.same + chances.related
  const relatedBar =
    score >= SAME_THRESHOLD
      ? ''
      : `; the same or a related meaning, ${percent(either)}, ${either >= RELATED_THRESHOLD ? 'reaches' : 'stays under'} the ${percent(RELATED_THRESHOLD)} needed for related meanings`
  return `${readings}; ${likenessWords(cosine, alike)}, which ${change}: ${sameBar}${relatedBar}.`
}
