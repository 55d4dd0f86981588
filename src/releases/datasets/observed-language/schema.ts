/** JSON Schema of one observed-language record as released: exactly the export allowlist, nothing more. */
import { EDITION_SCHEMA, SPAN_SCHEMA } from '../json-schema'
import { CLAIM_KINDS } from './annotations'
import type { SearchSpec } from '../../../datasets/search-index'

const reviewFacts = {
  type: 'object',
  additionalProperties: false,
  required: ['reviewedBy', 'reviewedAt', 'guideline'],
  properties: {
    reviewedBy: { type: 'string' },
    reviewedAt: { type: 'string', format: 'date' },
    guideline: { type: 'string' },
  },
}

export const OBSERVED_LANGUAGE_SCHEMA: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'observed-language record',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'source', 'passage', 'rights', 'review', 'claims'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 250 },
    source: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'year', 'speaker', 'party', 'edition', 'locator'],
      properties: {
        title: { type: 'string' },
        year: { type: 'integer' },
        speaker: { type: 'string' },
        party: { type: 'string' },
        edition: EDITION_SCHEMA,
        locator: {
          ...SPAN_SCHEMA,
          description: 'half-open UTF-16 offsets of the passage in the address text',
        },
      },
    },
    passage: { type: 'string', description: 'verbatim passage of the address' },
    rights: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'basis', 'clearedBy', 'clearedAt'],
      properties: {
        status: { const: 'cleared' },
        basis: { type: 'string' },
        clearedBy: { type: 'string' },
        clearedAt: { type: 'string', format: 'date' },
      },
    },
    review: reviewFacts,
    claims: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'start', 'end', 'text', 'kind', 'review'],
        properties: {
          id: { type: 'string' },
          start: { type: 'integer', minimum: 0, description: 'half-open UTF-16 offset into passage' },
          end: { type: 'integer', minimum: 1 },
          text: { type: 'string', description: 'equals passage[start, end)' },
          kind: { enum: [...CLAIM_KINDS] },
          review: reviewFacts,
        },
      },
    },
  },
}

/** What `q` searches and the filters the search route offers (documented in docs/datasets.md). */
export const OBSERVED_LANGUAGE_SEARCH: SearchSpec = {
  text: ['passage', 'claims.text', 'source.title', 'source.speaker'],
  filters: {
    year: 'source.year',
    speaker: 'source.speaker',
    party: 'source.party',
    claimKind: 'claims.kind',
  },
}
