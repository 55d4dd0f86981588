import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { buildDatasetRelease } from '../../src/datasets/build'
import {
  buildAssociationPractice,
  MAX_RESPONSE_SHARE,
  PRACTICE_NOTICE,
  PROMPT_PLAN,
  type AssociationPracticeRecord,
  type AssociationPracticeSources,
} from '../../src/releases/datasets/association-practice/build'
import {
  anyLink,
  contentLemmas,
  cooccurrenceIndex,
  definitionFrequency,
  GENERIC_SHARE,
  LINKED_CATEGORIES,
  pointersFrom,
} from '../../src/releases/datasets/association-practice/links'
import type { LiteraryContextRecord } from '../../src/releases/datasets/literary-context/schema'
import { canonicalJson } from '../../src/storage/canonical-json'
import { literaryContextInput, literaryContextSources } from '../helpers/content'
import { schemaViolations } from '../helpers/json-schema'
import {
  senseIndexOf,
  senseKey,
  senseSynset,
  senseWritten,
  sensesOf,
  synsetAt,
} from '../../src/lexicon/lexicon'
import { registersOf } from '../../src/lexicon/register-file'
import { UNSAFE_REGISTERS } from '../../src/releases/datasets/association-practice/classroom'
import { EVIDENCE_RULES } from '../../src/releases/datasets/association-practice/evidence'
import { projectRoot } from '../../src/storage/project-root'
import { dataRoot, testLexicon } from '../helpers/lexicon'

const lexicon = await testLexicon()
const literary = await literaryContextInput()
const excerpts = literary.records as unknown as LiteraryContextRecord[]
const sources: AssociationPracticeSources = {
  literaryContext: {
    records: excerpts,
    sourceWork: { name: 'literary-context (excerpt IDs)', license: 'see literary-context' },
  },
  stopwords: literaryContextSources().stopwords,
}
const input = await buildAssociationPractice(sources, lexicon)
const records = input.records as unknown as AssociationPracticeRecord[]
const stopwords = new Set(sources.stopwords.words)
const index = cooccurrenceIndex(lexicon, excerpts, stopwords)
const excerptById = new Map(excerpts.map((r) => [r.id, r]))

const CATEGORY_SYMBOLS: Record<string, string[]> = {
  opposite: ['!'],
  broader: ['@', '@i'],
  narrower: ['~', '~i'],
  'part-or-whole': ['#m', '#s', '#p', '%m', '%s', '%p'],
  'derived-form': ['+', '\\', '<'],
}

function sense(id: string): number {
  const index = senseIndexOf(lexicon, id)
  assert.ok(index !== undefined, `${id} is not a meaning ID of the lexicon`)
  return index
}

describe('association-practice content', () => {
  it('holds 1,050 prompts with the planned spread of cue parts of speech', () => {
    assert.equal(records.length, 1050)
    for (const [pos, quota] of Object.entries(PROMPT_PLAN.quotas)) {
      assert.equal(records.filter((r) => r.cue.partOfSpeech === pos).length, quota, pos)
    }
    assert.equal(new Set(records.map((r) => r.id)).size, records.length)
    assert.deepEqual(schemaViolations(input.schema, records), [])
  })

  it('states on every record and in the terms that it is practice material, not a validated graph', () => {
    assert.match(PRACTICE_NOTICE, /not a validated semantic graph/)
    for (const r of records) assert.equal(r.notice, PRACTICE_NOTICE)
    assert.equal(input.status, 'practice-material')
    assert.match(input.sourceTerms.summary, /not a validated semantic graph/)
    assert.ok(input.sourceTerms.limitations.includes(PRACTICE_NOTICE))
  })

  it('draws cues from literary-context targets, with all their meanings', () => {
    const targets = new Set(excerpts.map((r) => `${r.target.word}:${r.target.partOfSpeech}`))
    for (const r of records) {
      assert.equal(r.id, `${r.cue.word}:${r.cue.partOfSpeech}`)
      assert.ok(targets.has(r.id), r.id)
      assert.ok(r.cue.meaningIds.length > 0)
    }
  })

  it('backs every labelled response with evidence that checks out against its source', () => {
    for (const r of records) {
      const words = r.responses.map((x) => x.word)
      assert.equal(new Set(words).size, words.length, `${r.id} repeats a response`)
      assert.ok(!words.includes(r.cue.word))
      assert.ok(r.responses.length >= PROMPT_PLAN.minLinkedCategories + 1)
      assert.equal(r.responses.filter((x) => x.category === 'no-recorded-link').length, 1)
      for (const response of r.responses) {
        const { meaningIds, excerptIds } = response.evidence
        const where = `${r.id} → ${response.word} (${response.category})`
        if (meaningIds[0]) assert.ok(r.cue.meaningIds.includes(meaningIds[0]), where)
        switch (response.category) {
          case 'same-meaning': {
            const [a, b] = meaningIds.map(sense) as [number, number]
            assert.equal(senseSynset(lexicon, a), senseSynset(lexicon, b), where)
            assert.equal(senseWritten(lexicon, b), response.word, where)
            break
          }
          case 'in-definition': {
            const synset = synsetAt(lexicon, senseSynset(lexicon, sense(meaningIds[0] as string)))
            assert.ok(contentLemmas(lexicon, synset?.[3] ?? '', stopwords).has(response.word), where)
            break
          }
          case 'seen-together':
            assert.ok(excerptIds.length > 0, where)
            for (const id of excerptIds) {
              const lemmas = index.lemmasOf.get(id)
              assert.ok(excerptById.has(id) && lemmas?.has(r.cue.word) && lemmas.has(response.word), where)
            }
            break
          case 'no-recorded-link':
            assert.deepEqual(response.evidence, { meaningIds: [], excerptIds: [] })
            assert.ok(!anyLink(lexicon, r.cue.word, response.word, index, stopwords), where)
            break
          default: {
            const [from, to] = meaningIds.map(sense) as [number, number]
            const symbols = CATEGORY_SYMBOLS[response.category] ?? []
            assert.ok(
              pointersFrom(lexicon, from).some(
                ([symbol, target]) => target === to && symbols.includes(symbol),
              ),
              where,
            )
            assert.equal(senseWritten(lexicon, to), response.word, where)
          }
        }
      }
    }
  })

  it('counts its categories in the statistics', () => {
    const byCategory = (input.statistics as { responsesByCategory: Record<string, number> })
      .responsesByCategory
    for (const category of [...LINKED_CATEGORIES, 'no-recorded-link']) {
      const count = records.flatMap((r) => r.responses).filter((x) => x.category === category).length
      assert.ok(count > 0, category)
      assert.equal(byCategory[category], count, category)
    }
  })

  it('varies its responses: no response word stands in more than 1 % of the prompts, as the statistics show', () => {
    const prompts = new Map<string, number>()
    for (const r of records) for (const x of r.responses) prompts.set(x.word, (prompts.get(x.word) ?? 0) + 1)
    const most = Math.max(...prompts.values())
    assert.ok(most <= records.length * MAX_RESPONSE_SHARE, `a word stands in ${most} prompts`)
    for (const generic of ['man', 'make', 'time']) assert.ok((prompts.get(generic) ?? 0) <= 10, generic)
    const spread = (input.statistics as { responseWords: Record<string, unknown> }).responseWords
    assert.deepEqual(
      { distinct: spread.distinctWords, most: spread.maxPromptsPerWord, limit: spread.limitShareOfPrompts },
      { distinct: prompts.size, most, limit: 0.01 },
    )
    assert.ok((spread.maxShareOfPrompts as number) <= 0.01)
  })

  it('prefers informative links: no generic definition or excerpt words, common meanings of the cue first', () => {
    const definitions = definitionFrequency(lexicon)
    for (const r of records) {
      for (const x of r.responses) {
        if (x.category === 'in-definition') {
          const count = definitions.counts.get(x.word) ?? 0
          assert.ok(count <= GENERIC_SHARE.definitions * definitions.definitions, `${r.id} → ${x.word}`)
        }
        if (x.category === 'seen-together') {
          const count = index.excerptsOf.get(x.word)?.length ?? 0
          assert.ok(count >= 2 && count <= GENERIC_SHARE.excerpts * excerpts.length, `${r.id} → ${x.word}`)
        }
      }
    }
    // The examples of links through rare meanings: world → "same meaning" man (humankind),
    // create → "narrower" give.
    const responses = (id: string) => records.find((r) => r.id === id)?.responses ?? []
    assert.ok(!responses('world:noun').some((x) => x.word === 'man'))
    assert.ok(!responses('create:verb').some((x) => x.word === 'give' && x.category === 'narrower'))
  })

  it('rebuilds to an identical input from the same sources', async () => {
    const again = await buildAssociationPractice(sources, lexicon)
    assert.equal(canonicalJson(again), canonicalJson(input))
    assert.equal((await buildDatasetRelease(again)).version, (await buildDatasetRelease(input)).version)
  })
})

describe('association-practice for a classroom, as documented', () => {
  const all = records.flatMap((r) => r.responses.map((response) => ({ r, response })))
  const profanity = new Set(
    (createRequire(import.meta.url)('naughty-words/en.json') as string[]).map((w) => w.toLowerCase()),
  )
  const registers = registersOf(lexicon)
  const marked = (id: string) => registers(id).filter((r) => UNSAFE_REGISTERS.includes(r))
  const wordMarks = (word: string) => sensesOf(lexicon, word).flatMap((s) => marked(senseKey(lexicon, s)))

  it('checks the records the release holds: the published file is these records', () => {
    const dir = join(dataRoot, 'datasets/association-practice')
    const { version } = JSON.parse(readFileSync(join(dir, 'current.json'), 'utf8')) as { version: string }
    const released = readFileSync(join(dir, 'releases', version, 'records.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => {
        const { releaseSource: _, ...record } = JSON.parse(line) as Record<string, unknown>
        return record
      })
    assert.equal(canonicalJson(released), canonicalJson(records))
  })

  it('holds no cue or response on the profanity list or in a meaning marked offensive, vulgar or disparaging', () => {
    for (const r of records) {
      assert.ok(!profanity.has(r.cue.word), r.id)
      for (const id of r.cue.meaningIds) assert.deepEqual(marked(id), [], `${r.id}: ${id}`)
    }
    for (const { r, response } of all) {
      const where = `${r.id} → ${response.word}`
      assert.ok(!profanity.has(response.word), where)
      for (const id of response.evidence.meaningIds) assert.deepEqual(marked(id), [], `${where}: ${id}`)
      if (response.evidence.meaningIds.length < 2) assert.deepEqual(wordMarks(response.word), [], where)
    }
    // The prompt the issue found: "abbreviation" linked to an ethnic slur as seen together.
    const abbreviation = records.find((r) => r.id === 'abbreviation:noun')
    for (const response of abbreviation?.responses ?? []) assert.deepEqual(wordMarks(response.word), [])
  })

  it('holds in each evidence category exactly what the documentation says', () => {
    const docs = readFileSync(join(projectRoot(), 'docs/datasets.md'), 'utf8').replace(/\s+/g, ' ')
    const schemaText = JSON.stringify(input.schema)
    for (const [category, rule] of Object.entries(EVIDENCE_RULES)) {
      assert.ok(docs.includes(rule.says), `docs/datasets.md does not say: ${rule.says}`)
      assert.ok(schemaText.includes(JSON.stringify(rule.says).slice(1, -1)), category)
      const inCategory = all.filter(({ response }) => response.category === category)
      assert.ok(inCategory.length > 0, category)
      for (const { r, response } of inCategory) {
        const { relation, meaningIds, excerptIds } = response.evidence
        const where = `${r.id} → ${response.word} (${category})`
        if (rule.relations.length > 0) assert.ok(rule.relations.includes(relation as string), where)
        else assert.equal(relation, undefined, where)
        assert.equal(meaningIds.length, rule.meaningIds, where)
        if (rule.minExcerptIds > 0) assert.ok(excerptIds.length >= rule.minExcerptIds, where)
        else assert.deepEqual(excerptIds, [], where)
      }
    }
    const seenTogether = all.filter(({ response }) => response.category === 'seen-together')
    assert.equal(seenTogether.filter(({ response }) => response.evidence.excerptIds.length < 2).length, 0)
  })
})
