/**
 * What each evidence category of association practice holds, said once: the sentence its documentation gives
 * (the dataset's terms, docs/datasets.md) and the same rule as a JSON Schema condition in the released schema,
 * so a record that says otherwise does not validate.
 */
import type { Category } from './links'

export type EvidenceRule = {
  /** The documentation's sentence for this category. */
  says: string
  /** The WordNet relations `evidence.relation` may name; empty when the category has none. */
  relations: readonly string[]
  /** How many meaning IDs: the cue's meaning, then the response's where there is one. */
  meaningIds: 0 | 1 | 2
  /** The fewest literary-context excerpt IDs; 0 means none. */
  minExcerptIds: number
}

const lexical = (says: string, relations: readonly string[]): EvidenceRule => ({
  says: `${says} evidence.meaningIds holds the cue's meaning, then the response's; no excerpts.`,
  relations,
  meaningIds: 2,
  minExcerptIds: 0,
})

export const EVIDENCE_RULES: Readonly<Record<Category, EvidenceRule>> = {
  'same-meaning': lexical(
    'same-meaning: the response is another word of one meaning of the cue (relation "synonym");',
    ['synonym'],
  ),
  opposite: lexical('opposite: WordNet names the response as an antonym of one meaning of the cue;', [
    'antonym',
  ]),
  broader: lexical('broader: a hypernym or instance hypernym of one meaning of the cue;', [
    'hypernym',
    'instance hypernym',
  ]),
  narrower: lexical('narrower: a hyponym or instance hyponym of one meaning of the cue;', [
    'hyponym',
    'instance hyponym',
  ]),
  'part-or-whole': lexical('part-or-whole: a member, part or substance holonym or meronym;', [
    'member holonym',
    'substance holonym',
    'part holonym',
    'member meronym',
    'substance meronym',
    'part meronym',
  ]),
  'derived-form': lexical('derived-form: a derivationally related form, pertainym or participle;', [
    'derivationally related form',
    'pertainym',
    'participle',
  ]),
  'in-definition': {
    says: 'in-definition: the response is a content word of the definition of one meaning of the cue; evidence.meaningIds holds that meaning only; no relation, no excerpts.',
    relations: [],
    meaningIds: 1,
    minExcerptIds: 0,
  },
  'seen-together': {
    says: 'seen-together: the cue and the response occur together in two or more literary-context excerpts, all of which evidence.excerptIds lists (never fewer than two); no relation, no meaning IDs.',
    relations: [],
    meaningIds: 0,
    minExcerptIds: 2,
  },
  'no-recorded-link': {
    says: 'no-recorded-link: no WordNet relation, shared meaning, definition word or shared excerpt links the two words in either direction; evidence is empty.',
    relations: [],
    meaningIds: 0,
    minExcerptIds: 0,
  },
}

/** The rules as JSON Schema conditions on one response, for the released schema's `allOf`. */
export function evidenceConditions(): Array<Record<string, unknown>> {
  return Object.entries(EVIDENCE_RULES).map(([category, rule]) => {
    const ids = (min: number, max?: number) => ({
      type: 'array',
      minItems: min,
      ...(max === undefined ? {} : { maxItems: max }),
    })
    return {
      if: { type: 'object', properties: { category: { const: category } } },
      then: {
        type: 'object',
        properties: {
          evidence: {
            type: 'object',
            required: rule.relations.length > 0 ? ['relation'] : [],
            properties: {
              relation: rule.relations.length > 0 ? { enum: [...rule.relations] } : false,
              meaningIds: ids(rule.meaningIds, rule.meaningIds),
              excerptIds: rule.minExcerptIds > 0 ? ids(rule.minExcerptIds) : ids(0, 0),
            },
          },
        },
      },
    }
  })
}
