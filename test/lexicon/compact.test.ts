import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  buildHashTable,
  compareString,
  decodeSections,
  encodeStrings,
  encodeTables,
  findString,
  stringAt,
  TABLE_SECTIONS,
  utf8,
  type CompactData,
  type CompactTables,
} from '../../src/lexicon/compact'
import {
  allLemmas,
  isLemma,
  lemmaPartsOfSpeech,
  PARTS_OF_SPEECH,
  sensesOf,
  senseSynsetPos,
} from '../../src/lexicon/lexicon'
import { wholeBytes } from '../../src/storage/paged-bytes'
import { lexiconHandoff } from '../../src/lexicon/task-context'
import { testLexicon } from '../helpers/lexicon'

const WORDS = ['dog', 'café', 'naïve', 'ice cream', '', 'x'.repeat(300), 'emoji 😀', 'dogs']

function compactOf(strings: string[]): CompactData {
  const encoded = encodeStrings(strings)
  const tables = Object.fromEntries(
    TABLE_SECTIONS.map((name) => [name, new Int32Array(0)]),
  ) as unknown as CompactTables
  tables.stringOffsets = encoded.offsets
  tables.lemmaHash = buildHashTable(
    encoded,
    strings.map((_, i) => i),
  )
  const bytes = encodeTables(tables)
  const tablesBytes = wholeBytes(bytes)
  const sections = decodeSections(tablesBytes)
  assert.ok(typeof sections !== 'string', String(sections))
  return { strings: wholeBytes(encoded.bytes), tables: tablesBytes, sections, recent: new Map() }
}

describe('the compact lexicon form', () => {
  it('decodes every string as it was written, ASCII or not', () => {
    const data = compactOf(WORDS)
    WORDS.forEach((word, i) => assert.equal(stringAt(data, i), word))
    // A second read comes from the table of recent strings and is the same.
    WORDS.forEach((word, i) => assert.equal(stringAt(data, i), word))
  })

  it('finds each string through its hash table and nothing else', () => {
    const data = compactOf(WORDS)
    const table = data.sections.lemmaHash
    WORDS.forEach((word, i) =>
      assert.equal(
        findString(data, table, (entry) => entry, word),
        i,
      ),
    )
    for (const absent of ['do', 'cafe', 'Dog', 'emoji 😁', 'x'.repeat(299)])
      assert.equal(
        findString(data, table, (entry) => entry, absent),
        -1,
        absent,
      )
  })

  it('compares strings with UTF-8 bytes, whole or as a prefix', () => {
    const data = compactOf(WORDS)
    // utf8 writes ASCII into one reused buffer: keep a copy of each query.
    const [dogBytes, dogLength] = utf8('dog')
    const dog = dogBytes.slice(0, dogLength)
    assert.equal(compareString(data, 0, dog, dogLength, false), 0)
    assert.ok(compareString(data, 7, dog, dogLength, false) > 0)
    assert.equal(compareString(data, 7, dog, dogLength, true), 0)
    const [cafe, cafeLength] = utf8('caf')
    assert.equal(compareString(data, 1, cafe, cafeLength, true), 0)
    assert.ok(compareString(data, 4, dog, dogLength, true) < 0)
  })

  it('refuses a tables file with other sections or a section out of range', () => {
    const bytes = encodeTables(
      Object.fromEntries(TABLE_SECTIONS.map((name) => [name, new Int32Array(2)])) as unknown as CompactTables,
    )
    const other = new Uint8Array(bytes)
    new DataView(other.buffer).setInt32(0, TABLE_SECTIONS.length + 1, true)
    assert.match(String(decodeSections(wholeBytes(other))), /sections/)
    const outOfRange = new Uint8Array(bytes)
    new DataView(outOfRange.buffer).setInt32(8, 1_000_000, true)
    assert.match(String(decodeSections(wholeBytes(outOfRange))), /out of range/)
    assert.match(String(decodeSections(wholeBytes(bytes.subarray(0, 6)))), /Int32/)
  })

  it('holds a loaded release in shared memory, which a worker thread receives without a copy', async () => {
    const lexicon = await testLexicon()
    const handoff = lexiconHandoff({ status: 'ready', lexicon })
    assert.equal(handoff.status, 'ready')
    if (handoff.status !== 'ready') return
    const { companions, ...own } = handoff.files
    const files = [...Object.values(own), ...Object.values(companions)]
    assert.equal(files.length, 10)
    for (const bytes of files) assert.ok(bytes.buffer instanceof SharedArrayBuffer)
  })

  it("names each lemma's parts of speech as its senses have them, in their order", async () => {
    const lexicon = await testLexicon()
    for (const lemma of allLemmas(lexicon)) {
      const ofSenses = new Set(sensesOf(lexicon, lemma).map((sense) => senseSynsetPos(lexicon, sense)))
      assert.deepEqual(lemmaPartsOfSpeech(lexicon, lemma), [...ofSenses], lemma)
      for (const pos of PARTS_OF_SPEECH) assert.equal(isLemma(lexicon, lemma, pos), ofSenses.has(pos), lemma)
    }
    assert.deepEqual(lemmaPartsOfSpeech(lexicon, 'qqqx'), [])
  })
})
