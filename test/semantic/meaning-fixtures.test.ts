/**
 * The project's own everyday sentences and meaning pairs (`test/fixtures/meaning`), measured by
 * `npm run eval:wsd`: well formed, every gold meaning a meaning of the lexicon for the marked word, and
 * the sizes and mix of parts of speech the evaluation promises.
 */
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { before, describe, it } from 'node:test'
import { type Lexicon, senseIndexOf, senseWritten } from '../../src/lexicon/lexicon'
import { loadBuiltLexicon } from '../../src/releases/built-lexicon'
import { goldVerdict, parsePairs } from '../../tools/eval/compare-pairs'
import { meaningPos, parseSentences } from '../../tools/eval/running-text'

const DIR = 'test/fixtures/meaning'

describe('meaning fixtures', () => {
  let lexicon: Lexicon
  before(async () => {
    lexicon = (await loadBuiltLexicon()).lexicon
  })

  it('everyday: at least 150 sentences, a third verbs and a fifth adjectives, keys of the lexicon', async () => {
    const sentences = parseSentences(await readFile(`${DIR}/everyday.jsonl`, 'utf8'))
    assert.ok(sentences.length >= 150)
    const pos = new Map<string, number>()
    for (const s of sentences) {
      assert.equal(s.annotations.length, 1, s.text)
      const a = s.annotations[0]
      assert.ok(a && a.end > a.start && a.end <= s.text.length, s.text)
      const key = a.senses[0] ?? ''
      const sense = senseIndexOf(lexicon, key)
      assert.ok(sense !== undefined, key)
      assert.equal(senseWritten(lexicon, sense).toLowerCase().replace(/_/g, ' '), a.lemma)
      const p = meaningPos(key) ?? 'other'
      pos.set(p, (pos.get(p) ?? 0) + 1)
    }
    assert.ok((pos.get('verb') ?? 0) >= sentences.length * 0.3)
    assert.ok((pos.get('adjective') ?? 0) >= sentences.length * 0.2)
    const targets = sentences.map((s) => `${s.text}@${s.annotations[0]?.start}`)
    assert.equal(new Set(targets).size, sentences.length)
  })

  it('pairs: at least 40 to tune on and two held-out sets of at least 24, with every verdict, meanings of the lexicon on a marked word', async () => {
    const files: Array<[string, number]> = [
      ['compare-pairs.jsonl', 40],
      ['compare-pairs-held-out.jsonl', 24],
      ['compare-pairs-held-out-2.jsonl', 24],
    ]
    const seen = new Set<string>()
    for (const [file, least] of files) {
      const pairs = parsePairs(await readFile(`${DIR}/${file}`, 'utf8'))
      assert.ok(pairs.length >= least, file)
      const verdicts = new Set<string>()
      for (const pair of pairs) {
        for (const side of [pair.first, pair.second]) {
          assert.ok(senseIndexOf(lexicon, side.meaning) !== undefined, side.meaning)
          assert.ok('span' in side.target, side.passage)
          assert.match(side.passage.slice(side.target.span.start, side.target.span.end), /^\p{L}+$/u)
        }
        const key = `${pair.first.passage}|${pair.second.passage}`
        assert.ok(!seen.has(key), `${key} is in two files`)
        seen.add(key)
        verdicts.add(goldVerdict(lexicon, pair.first.meaning, pair.second.meaning))
      }
      assert.deepEqual([...verdicts].sort(), ['different', 'related', 'same'], file)
    }
  })
})
