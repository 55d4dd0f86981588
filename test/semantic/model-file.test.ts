import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { projectRoot } from '../../src/storage/project-root'
import { semcorModelFile } from '../../src/releases/lexicon-build'
import type { PartOfSpeech } from '../../src/lexicon/wordnet-format'
import { learnedEntry } from '../../src/semantic/meaning/learned'
import {
  encodeModelFile,
  meaningModelOf,
  modelFileProblem,
  SEMCOR_MODEL_FILE,
  modelLine,
  modelLineRange,
} from '../../src/semantic/meaning/model-file'
import { SEMCOR_MODEL_INFO } from '../../src/semantic/meaning/model-info'
import { testLexicon } from '../helpers/lexicon'
import { wholeBytes } from '../../src/storage/paged-bytes'

const encoder = new TextEncoder()
const committedText = () => readFile(join(projectRoot(), SEMCOR_MODEL_INFO.textPath))

describe('the meaning model file', () => {
  const lines = [
    'noun:ban\tban%1:10:00::\t2\t',
    'noun:bank\tbank%1:14:00:: bank%1:17:01::\t3 1\tw:river|1 40',
    'noun:café\tcafé%1:06:00::\t1\t',
  ]
  const encoded = encodeModelFile(encoder.encode(lines.join('\n')))
  const file = wholeBytes(encoded)

  it('finds each line by its key, and no line for a key that is absent or only a prefix of one', () => {
    assert.equal(modelLine(file, 'noun:ban'), lines[0])
    assert.equal(modelLine(file, 'noun:bank'), lines[1])
    assert.equal(modelLine(file, 'noun:café'), lines[2])
    for (const absent of ['noun:ba', 'noun:banks', 'verb:bank', 'noun:cafe', '']) {
      assert.equal(modelLineRange(file, absent), null, absent)
    }
  })

  it('finds the lines in shared memory as in the file it was built as', () => {
    const shared = new Uint8Array(new SharedArrayBuffer(encoded.byteLength + 8), 4, encoded.byteLength)
    shared.set(encoded)
    assert.equal(modelLine(wholeBytes(shared), 'noun:bank'), lines[1])
    assert.equal(modelLine(wholeBytes(shared), 'noun:café'), lines[2])
  })

  it('refuses bytes that are not a model file', () => {
    assert.equal(modelFileProblem(file), null)
    const problemOf = (bytes: number[]) => modelFileProblem(wholeBytes(new Uint8Array(bytes))) ?? ''
    assert.match(problemOf([0, 0]), /no index/)
    assert.match(problemOf([3, 0, 0, 0]), /power of two/)
    assert.match(problemOf([0, 1, 0, 0]), /past the end/)
  })

  it('in the lexicon release, holds every line of the committed model text, byte for byte', async () => {
    const text = await committedText()
    const lexicon = await testLexicon()
    const model = meaningModelOf(lexicon)
    const held = lexicon.files?.companions[SEMCOR_MODEL_FILE] as Uint8Array
    assert.ok(Buffer.from(held.subarray(held.byteLength - text.byteLength)).equals(text))
    for (const line of text.toString('utf8').split('\n')) {
      assert.equal(modelLine(model, line.slice(0, line.indexOf('\t'))), line)
    }
  })

  it('is built only from the model text whose version the service names', async () => {
    const text = await committedText()
    assert.deepEqual(await semcorModelFile(text), encodeModelFile(text))
    const changed = Buffer.from(text)
    const at = changed.indexOf('\t') + 1
    changed.writeUInt8(changed.readUInt8(at) ^ 1, at)
    await assert.rejects(semcorModelFile(changed), /npm run train:wsd/)
  })

  it('is read per lexicon: the entry of a tagged word, null for one never tagged', async () => {
    const lexicon = await testLexicon()
    const bank = learnedEntry(lexicon, 'bank', 'noun')
    assert.ok(bank && bank.total > 0 && bank.senses.has('bank%1:14:00::'))
    assert.equal(learnedEntry(lexicon, 'bank', 'noun'), bank)
    assert.equal(learnedEntry(lexicon, 'zzzz', 'noun'), null)
  })
})

describe('learned entries', () => {
  /** The model line read the plain way: every feature's weights as a map by sense key. */
  function plainEntry(line: string) {
    const [, keyText = '', countText = '', featureText = ''] = line.split('\t')
    const senseKeys = keyText.split(' ')
    const counts = countText.split(' ').map(Number)
    const features = new Map<string, Map<string, number>>()
    const parts = featureText === '' ? [] : featureText.split('|')
    for (let f = 0; f + 1 < parts.length; f += 2) {
      const pairs = (parts[f + 1] as string).split(' ').map(Number)
      const bySense = new Map<string, number>()
      for (let i = 0; i < pairs.length; i += 2) {
        bySense.set(senseKeys[pairs[i] as number] as string, (pairs[i + 1] as number) / 100)
      }
      features.set(parts[f] as string, bySense)
    }
    return { senseKeys, counts, features }
  }

  it('give every weight, count, meaning vector and absence of the committed model as the model text says', async () => {
    const lexicon = await testLexicon()
    const text = (await committedText()).toString('utf8')
    let checked = 0
    for (const line of text.split('\n')) {
      if (line.startsWith('e:')) continue
      const [pos, word] = line.slice(0, line.indexOf('\t')).split(/:(.*)/) as [PartOfSpeech, string]
      const entry = learnedEntry(lexicon, word, pos)
      assert.ok(entry, line.slice(0, 40))
      const plain = plainEntry(line)
      assert.deepEqual([...entry.senses.keys()], plain.senseKeys)
      assert.deepEqual([...entry.senses.values()], plain.counts)
      for (const [name, bySense] of plain.features) {
        const weights: Float64Array | undefined = entry.features.get(name)
        for (const key of plain.senseKeys) {
          const weight: number | undefined = weights?.[entry.senseIndex(key) ?? -1]
          const given: number | undefined = weight === undefined || Number.isNaN(weight) ? undefined : weight
          assert.equal(given, bySense.get(key), `${word} ${name}`)
        }
        checked++
      }
      assert.equal(entry.features.get(`${[...plain.features.keys()].at(-1) ?? ''}~`), undefined)
      assert.equal(entry.features.get(''), undefined)
      const vectors = line.split('\t')[4]
      const first = entry.senseVector(plain.senseKeys[0] as string)
      assert.equal(first === undefined, vectors === undefined, line.slice(0, 40))
    }
    assert.ok(checked > 100_000, `${checked} features`)
  })
})
