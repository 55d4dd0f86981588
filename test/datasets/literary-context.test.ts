import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { buildDatasetRelease } from '../../src/datasets/build'
import { buildLiteraryContext } from '../../src/releases/datasets/literary-context/build'
import type { LiteraryContextRecord } from '../../src/releases/datasets/literary-context/schema'
import { SELECTION_PLAN } from '../../src/releases/datasets/literary-context/select'
import { MAX_EXCERPT_LENGTH, MIN_EXCERPT_LENGTH } from '../../src/releases/datasets/literary-context/works'
import { evaluationSplit } from '../../src/releases/datasets/order'
import { commonSenses, meaningIds, readingsOf } from '../../src/releases/datasets/readings'
import { isWholeSentence, textKey } from '../../src/releases/datasets/text'
import { canonicalJson } from '../../src/storage/canonical-json'
import { literaryContextInput, literaryContextSources } from '../helpers/content'
import { schemaViolations } from '../helpers/json-schema'
import { testLexicon } from '../helpers/lexicon'
import { senseIndexOf, senseWritten } from '../../src/lexicon/lexicon'

const input = await literaryContextInput()
const records = input.records as unknown as LiteraryContextRecord[]
const lexicon = await testLexicon()

describe('literary-context content', () => {
  it('holds 5,096 excerpts, each work its quota', () => {
    assert.equal(records.length, 5096)
    for (const [work, quota] of SELECTION_PLAN.quotas) {
      assert.equal(records.filter((r) => r.work.id === work).length, quota, work)
    }
    assert.equal(input.dataset, 'literary-context')
    assert.equal(new Set(records.map((r) => r.id)).size, records.length)
    for (const r of records) assert.ok(r.id.length >= 1 && r.id.length <= 250, r.id)
  })

  it('conforms to its published schema', () => {
    assert.deepEqual(schemaViolations(input.schema, records), [])
  })

  it('spans the target form in every excerpt, and the form reads as the target word', () => {
    for (const r of records) {
      const { start, end } = r.target.span
      assert.equal(r.excerpt.slice(start, end), r.target.form, r.id)
      const readings = readingsOf(lexicon, r.target.form)
      assert.ok(
        readings.some((x) => x.lemma === r.target.word && x.partOfSpeech === r.target.partOfSpeech),
        `${r.id}: ${r.target.form} does not read as ${r.target.word} (${r.target.partOfSpeech})`,
      )
    }
  })

  it("gives every meaning of the target in its part of speech as candidates, all the lexicon's IDs", () => {
    for (const r of records) {
      const expected = meaningIds(lexicon, commonSenses(lexicon, r.target.word, r.target.partOfSpeech))
      assert.deepEqual(r.target.candidateMeaningIds, expected, r.id)
      assert.ok(expected.length >= 2, r.id)
      for (const id of expected) {
        const sense = senseIndexOf(lexicon, id)
        assert.ok(sense !== undefined && senseWritten(lexicon, sense).toLowerCase() === r.target.word)
      }
    }
  })

  it('keeps excerpts to whole sentences of 40 to 600 characters, each text once', () => {
    const texts = new Set<string>()
    for (const r of records) {
      assert.ok(r.excerpt.length >= MIN_EXCERPT_LENGTH && r.excerpt.length <= MAX_EXCERPT_LENGTH, r.id)
      assert.ok(isWholeSentence(r.excerpt), r.id)
      assert.ok(!/[*[\]{}]/.test(r.excerpt), `${r.id} holds apparatus`)
      assert.ok(!texts.has(textKey(r.excerpt)), `${r.id} repeats a text`)
      texts.add(textKey(r.excerpt))
    }
  })

  it('carries complete per-work provenance on every record', () => {
    const sources = literaryContextSources()
    const editions = {
      'moby-dick': sources.mobyDick.edition,
      sonnets: sources.sonnets.edition,
      'webster-1913': sources.gcide.edition,
    }
    for (const r of records) {
      assert.ok(r.work.title && r.work.author && r.work.firstPublished > 1500, r.id)
      assert.deepEqual(r.work.edition, editions[r.work.id], r.id)
      assert.ok(r.work.edition.version.length > 0)
      assert.ok(r.citation.includes(r.work.title) && r.citation.includes(String(r.work.firstPublished)), r.id)
      switch (r.locator.kind) {
        case 'chapter':
          assert.equal(r.work.id, 'moby-dick')
          assert.ok(r.locator.chapter && r.locator.paragraph >= 1 && r.locator.sentence >= 1, r.id)
          break
        case 'sonnet':
          assert.equal(r.work.id, 'sonnets')
          assert.ok(r.locator.sonnet >= 1 && r.locator.sonnet <= 154, r.id)
          assert.ok(r.locator.firstLine >= 1 && r.locator.lastLine >= r.locator.firstLine, r.id)
          break
        case 'dictionary-quotation':
          assert.equal(r.work.id, 'webster-1913')
          assert.ok(r.locator.headword && r.locator.attribution && r.locator.quotation >= 1, r.id)
          assert.equal(r.locator.headword.toLowerCase(), r.target.word, r.id)
          break
      }
    }
    const names = input.sourceTerms.sources.map((s) => s.package?.name)
    for (const edition of Object.values(editions)) assert.ok(names.includes(edition.package), edition.package)
    assert.match(input.sourceTerms.license, /GNU General Public License/)
  })

  it('groups variants by work, word and part of speech, and no group straddles the documented split', async () => {
    assert.deepEqual(input.grouping?.key, 'group')
    assert.match(input.grouping?.rule ?? '', /SHA-256/)
    const splitOfGroup = new Map<string, string>()
    const sizes = new Map<string, number>()
    for (const r of records) {
      assert.equal(r.group, `${r.work.id}:${r.target.word}:${r.target.partOfSpeech}`)
      const split = await evaluationSplit(r.group)
      assert.equal(r.split, split, r.id)
      assert.equal(splitOfGroup.get(r.group) ?? split, split, `${r.group} straddles splits`)
      splitOfGroup.set(r.group, split)
      sizes.set(r.group, (sizes.get(r.group) ?? 0) + 1)
    }
    assert.ok(Math.max(...sizes.values()) <= SELECTION_PLAN.maxPerGroup)
    assert.ok(
      [...sizes.values()].some((size) => size > 1),
      'some groups hold variants',
    )
    const splits = new Set(splitOfGroup.values())
    assert.deepEqual([...splits].sort(), ['test', 'train', 'validation'])
  })

  it('shows its spread over works, targets and parts of speech in the statistics', () => {
    const stats = input.statistics as Record<string, Record<string, number> | number>
    assert.equal(stats.records, records.length)
    assert.deepEqual(Object.keys(stats.byPartOfSpeech as object).sort(), [
      'adjective',
      'adverb',
      'noun',
      'verb',
    ])
    for (const [pos, count] of Object.entries(stats.byPartOfSpeech as Record<string, number>)) {
      assert.equal(count, records.filter((r) => r.target.partOfSpeech === pos).length)
    }
    assert.ok((stats.distinctTargetWords as number) > 2500)
    assert.ok((stats.mobyDickChapters as number) > 120)
    assert.ok((stats.sonnets as number) > 100)
    assert.ok((stats.quotedAuthors as number) > 100)
  })

  it('rebuilds to an identical input, and so the same release version, from the same sources', async () => {
    const again = await buildLiteraryContext(literaryContextSources(), lexicon)
    assert.equal(canonicalJson(again), canonicalJson(input))
    assert.equal((await buildDatasetRelease(again)).version, (await buildDatasetRelease(input)).version)
  })
})
