import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { projectRoot } from '../../src/storage/project-root'
import { contextFeatures } from '../../src/semantic/meaning/features'
import { learnedEntry } from '../../src/semantic/meaning/learned'
import { createTrainer, LEARNING } from '../../tools/train/learned-train'
import { SEMCOR_MODEL_INFO } from '../../src/semantic/meaning/model-info'
import { analyzePassage, expressionFor } from '../../src/semantic/meaning/passage'
import {
  contextVector,
  decodeVectors,
  DIMENSIONS,
  dot,
  encodeVector,
  normalize,
  wordVector,
} from '../../src/semantic/meaning/vectors'
import { meanVector, senseVectorsField, wordVectorLines } from '../../tools/train/vectors-train'
import { testLexicon } from '../helpers/lexicon'

/** A vector with `value` at dimension `d` and 0 elsewhere. */
const axis = (d: number, value = 1) =>
  Float32Array.from({ length: DIMENSIONS }, (_, i) => (i === d ? value : 0))

describe('vectors of the similarity evidence', () => {
  it('round-trip through int8s in base64 within a 254th of the largest component', () => {
    const vector = Float32Array.from({ length: DIMENSIONS }, (_, d) => Math.sin(d) * 3)
    const { scale, text } = encodeVector(vector)
    const [decoded] = decodeVectors(text, scale)
    assert.ok(decoded)
    for (let d = 0; d < DIMENSIONS; d++)
      assert.ok(Math.abs((decoded[d] as number) - (vector[d] as number)) <= 3 / 254)
    assert.deepEqual(decodeVectors(encodeVector(new Float32Array(DIMENSIONS)).text, 1), [
      new Float32Array(DIMENSIONS),
    ])
  })

  it('carry one vector per meaning in a field, each of length 1 or zero', () => {
    const sums = [
      Float64Array.from(axis(0, 5)),
      new Float64Array(DIMENSIONS),
      Float64Array.from(axis(1, -0.2)),
    ]
    const vectors = decodeVectors(senseVectorsField(sums), 1).map((v) => (normalize(v), v))
    assert.equal(vectors.length, 3)
    assert.equal(dot(vectors[0] as Float32Array, axis(0)), 1)
    assert.equal(dot(vectors[1] as Float32Array, vectors[1] as Float32Array), 0)
    assert.equal(dot(vectors[2] as Float32Array, axis(1)), -1)
  })

  it('write word lines centred on the mean context, only for words with a vector, sorted', () => {
    const vectors = new Map([
      ['river', axis(0, 2)],
      ['money', axis(1, 2)],
    ])
    const mean = meanVector([axis(0), axis(1)])
    const lines = wordVectorLines(['river', 'money', 'river', 'zzzz'], vectors, mean)
    assert.deepEqual(
      lines.map((l) => l.split('\t')[0]),
      ['e:money', 'e:river'],
    )
    const [, scale, text] = (lines[1] as string).split('\t')
    const river = decodeVectors(text as string, Number(scale))[0] as Float32Array
    assert.ok(Math.abs((river[0] as number) - 1.5) < 0.02 && Math.abs((river[1] as number) + 0.5) < 0.02)
  })

  it('average the surrounding words, the nearest weighing most and the next sentence half', async () => {
    const lexicon = await testLexicon()
    const analysis = analyzePassage(lexicon, 'The river bank held money. Fish swim.')
    const bank = analysis.tokens.findIndex((t) => t.lower === 'bank')
    const expression = expressionFor(analysis, bank, bank + 1)
    const features = contextFeatures(analysis, expression)
    const vectors = new Map([
      ['money', axis(0)],
      ['river', axis(1)],
      ['fish', axis(2)],
    ])
    const context = contextVector(analysis, expression, features, (w) => vectors.get(w) ?? null)
    assert.ok(context)
    // river is next to it (1 / (1 + 1/3)), money 2 tokens away (1 / (1 + 2/3)), fish 4 and in the next sentence.
    const [money, river, fish] = [context[0] as number, context[1] as number, context[2] as number]
    assert.ok(river > money && money > fish && fish > 0, `${money} ${river} ${fish}`)
    assert.ok(Math.abs(money + river + fish - 1) < 1e-9)
    assert.equal(
      contextVector(analysis, expression, features, () => null),
      null,
    )
  })

  it('are derived by the trainer: the same bytes twice, meanings of contexts like theirs closest', async () => {
    const lexicon = await testLexicon()
    const vectors = new Map([
      ['river', axis(0)],
      ['water', axis(0, 0.9)],
      ['money', axis(1)],
      ['loan', axis(1, 0.8)],
    ])
    const doc = [
      ['The bank of the river flooded.', 'bank%1:17:01::'],
      ['She took a loan from the bank.', 'bank%1:14:00::'],
      ['Money sat in the bank.', 'bank%1:14:00::'],
    ].map(([text, key], i) => {
      const start = (text as string).indexOf('bank')
      return {
        doc: 'd',
        text: text as string,
        annotations: [{ start, end: start + 4, senses: [key as string] }],
        i,
      }
    })
    const train = () => {
      const trainer = createTrainer(lexicon, vectors)
      for (const sentence of doc) trainer.addDocument([sentence])
      trainer.addLexiconText()
      return trainer.lines(LEARNING)
    }
    const lines = train()
    assert.deepEqual(train(), lines)
    assert.ok(lines.some((l) => l.startsWith('e:river\t')) && lines.some((l) => l.startsWith('e:money\t')))
    const bankLine = lines.find((l) => l.startsWith('noun:bank\t')) as string
    const [, keyText, , , field] = bankLine.split('\t')
    const keys = (keyText as string).split(' ')
    const senseVectors = decodeVectors(field as string, 1)
    assert.equal(senseVectors.length, keys.length)
    const river = senseVectors[keys.indexOf('bank%1:17:01::')] as Float32Array
    const money = senseVectors[keys.indexOf('bank%1:14:00::')] as Float32Array
    assert.ok(dot(river, axis(0)) > dot(money, axis(0)) && dot(money, axis(1)) > dot(river, axis(1)))
  })
})

describe('the committed model’s vectors', () => {
  it('give a word’s vector and its meanings’ vectors of length 1, and none for a word without', async () => {
    const lexicon = await testLexicon()
    const river = wordVector(lexicon, 'river')
    assert.ok(river && river.length === DIMENSIONS)
    assert.equal(wordVector(lexicon, 'zzzzqx'), null)
    const bank = learnedEntry(lexicon, 'bank', 'noun')
    const vector = bank?.senseVector('bank%1:17:01::')
    assert.ok(vector && Math.abs(dot(vector, vector) - 1) < 1e-5)
    assert.equal(bank?.senseVector('bank%9:99:99::'), undefined)
    const text = await readFile(join(projectRoot(), SEMCOR_MODEL_INFO.textPath), 'utf8')
    assert.ok(text.includes('\ne:river\t'))
  })
})
