/** JSON Schema of one association-practice record as released. */
import { EVIDENCE_RULES, evidenceConditions } from './evidence'
import { LINKED_CATEGORIES } from './links'
import type { SearchSpec } from '../../../datasets/search-index'

export const ASSOCIATION_PRACTICE_SCHEMA: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'association-practice record',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'notice', 'cue', 'responses'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 250, description: 'cue word and part of speech' },
    notice: {
      type: 'string',
      description: 'states that the record is practice material, not a validated graph',
    },
    cue: {
      type: 'object',
      additionalProperties: false,
      required: ['word', 'partOfSpeech', 'meaningIds'],
      properties: {
        word: { type: 'string' },
        partOfSpeech: { enum: ['noun', 'verb', 'adjective', 'adverb'] },
        meaningIds: { type: 'array', items: { type: 'string', description: 'WordNet sense key' } },
      },
    },
    responses: {
      type: 'array',
      minItems: 2,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['word', 'category', 'evidence'],
        allOf: evidenceConditions(),
        properties: {
          word: { type: 'string' },
          category: {
            enum: [...LINKED_CATEGORIES, 'no-recorded-link'],
            description: Object.values(EVIDENCE_RULES)
              .map((rule) => rule.says)
              .join(' '),
          },
          evidence: {
            type: 'object',
            additionalProperties: false,
            required: ['meaningIds', 'excerptIds'],
            properties: {
              relation: { type: 'string', description: 'the WordNet relation behind a lexicon link' },
              meaningIds: {
                type: 'array',
                items: { type: 'string' },
                description: "the cue's meaning, then the response's where there is one",
              },
              excerptIds: {
                type: 'array',
                items: { type: 'string' },
                description: 'literary-context record IDs whose excerpts hold both words',
              },
            },
          },
        },
      },
    },
  },
}

/** What `q` searches and the filters the search route offers (documented in docs/datasets.md). */
export const ASSOCIATION_PRACTICE_SEARCH: SearchSpec = {
  text: ['cue.word', 'responses.word'],
  filters: {
    lemma: 'cue.word',
    partOfSpeech: 'cue.partOfSpeech',
    response: 'responses.word',
    category: 'responses.category',
    relation: 'responses.evidence.relation',
  },
}
