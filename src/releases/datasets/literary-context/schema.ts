/**
 * One literary-context record as released: the excerpt, its target word with span and candidate meanings,
 * the work it comes from and where in the work, and its variant group and evaluation split.
 */
import type { PartOfSpeech } from '../../../lexicon/wordnet-format'
import { EDITION_SCHEMA, SPAN_SCHEMA } from '../json-schema'
import type { EvaluationSplit } from '../order'
import type { Locator, Work } from './works'
import type { SearchSpec } from '../../../datasets/search-index'

export type LiteraryContextRecord = {
  id: string
  excerpt: string
  target: {
    /** The lexicon word (lemma) the excerpt shows. */
    word: string
    partOfSpeech: PartOfSpeech
    /** The word as written in the excerpt. */
    form: string
    /** Half-open UTF-16 offsets of `form` in `excerpt`. */
    span: { start: number; end: number }
    /** Every meaning of `word` in `partOfSpeech` in the lexicon (WordNet sense keys), in WordNet order. */
    candidateMeaningIds: string[]
  }
  work: Work
  locator: Locator
  /** A readable citation built from `work` and `locator`. */
  citation: string
  group: string
  split: EvaluationSplit
}

const locator = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'chapter', 'chapterTitle', 'paragraph', 'sentence'],
      properties: {
        kind: { const: 'chapter' },
        chapter: { type: 'string' },
        chapterTitle: { type: 'string' },
        paragraph: { type: 'integer', minimum: 1 },
        sentence: { type: 'integer', minimum: 1 },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'sonnet', 'firstLine', 'lastLine'],
      properties: {
        kind: { const: 'sonnet' },
        sonnet: { type: 'integer', minimum: 1 },
        firstLine: { type: 'integer', minimum: 1 },
        lastLine: { type: 'integer', minimum: 1 },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['kind', 'headword', 'partOfSpeechLabel', 'entry', 'sense', 'quotation', 'attribution'],
      properties: {
        kind: { const: 'dictionary-quotation' },
        headword: { type: 'string' },
        partOfSpeechLabel: { type: 'string' },
        entry: { type: 'integer', minimum: 1 },
        sense: { type: ['integer', 'null'], minimum: 1 },
        quotation: { type: 'integer', minimum: 1 },
        attribution: { type: 'string', description: 'quoted author as the dictionary names them' },
      },
    },
  ],
}

export const LITERARY_CONTEXT_SCHEMA: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'literary-context record',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'excerpt', 'target', 'work', 'locator', 'citation', 'group', 'split'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 250 },
    excerpt: { type: 'string', minLength: 1, maxLength: 600, description: 'whole sentences, verbatim' },
    target: {
      type: 'object',
      additionalProperties: false,
      required: ['word', 'partOfSpeech', 'form', 'span', 'candidateMeaningIds'],
      properties: {
        word: { type: 'string', description: 'lexicon lemma' },
        partOfSpeech: { enum: ['noun', 'verb', 'adjective', 'adverb'] },
        form: { type: 'string', description: 'the word as written; equals excerpt[span.start, span.end)' },
        span: { ...SPAN_SCHEMA, description: 'half-open UTF-16 offsets into excerpt' },
        candidateMeaningIds: {
          type: 'array',
          minItems: 2,
          items: { type: 'string', description: 'WordNet sense key' },
        },
      },
    },
    work: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'title', 'author', 'firstPublished', 'edition'],
      properties: {
        id: { enum: ['moby-dick', 'sonnets', 'webster-1913'] },
        title: { type: 'string' },
        author: { type: 'string' },
        firstPublished: { type: 'integer' },
        edition: EDITION_SCHEMA,
      },
    },
    locator,
    citation: { type: 'string' },
    group: { type: 'string', description: 'variant-group key: work:word:partOfSpeech' },
    split: { enum: ['train', 'validation', 'test'] },
  },
}

/** What `q` searches and the filters the search route offers (documented in docs/datasets.md). */
export const LITERARY_CONTEXT_SEARCH: SearchSpec = {
  text: ['excerpt', 'target.word', 'target.form'],
  filters: {
    split: 'split',
    work: 'work.id',
    partOfSpeech: 'target.partOfSpeech',
    lemma: 'target.word',
    form: 'target.form',
    group: 'group',
  },
}
