/** The word list release file's check: what it accepts, and each way a file can fail it, named by line. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { encodeWordList, wordListFileProblem } from '../../src/lexicon/word-list-file'

const encoder = new TextEncoder()
const good = encodeWordList([
  { word: 'bank', zipf100: 412 },
  { word: "o'clock", zipf100: 380 },
  { word: 'well-known', zipf100: 0 },
  { word: 'aardvark', zipf100: 151 },
])
const text = new TextDecoder().decode(good)
const header = text.slice(0, text.indexOf('\n') + 1)
const withLines = (...lines: string[]) => encoder.encode(header + lines.map((l) => `${l}\n`).join(''))

test('a file the builder wrote passes, and so does one with no words', () => {
  assert.equal(wordListFileProblem(good), null)
  assert.equal(wordListFileProblem(encoder.encode(header)), null)
})

test('each malformed file is refused with the reason and the line', () => {
  assert.match(wordListFileProblem(encoder.encode('word\t1\n')) ?? '', /does not start with its header/)
  assert.match(wordListFileProblem(withLines('bank')) ?? '', /line 2 has no count/)
  assert.match(wordListFileProblem(withLines('bank\t1', 'Bank\t2')) ?? '', /line 3 is malformed/)
  assert.match(wordListFileProblem(withLines('bank\t1', 'ban-\t2')) ?? '', /line 3 is malformed/)
  assert.match(wordListFileProblem(withLines('bank\t1', 'banks\t')) ?? '', /line 3 is malformed/)
  assert.match(wordListFileProblem(withLines('bank\t1', 'banks\t1x')) ?? '', /line 3 is malformed/)
  assert.match(wordListFileProblem(withLines('bank\t1', 'bank\t2')) ?? '', /not in order at line 3/)
  assert.match(wordListFileProblem(withLines('banks\t1', 'bank\t2')) ?? '', /not in order at line 3/)
  assert.match(
    wordListFileProblem(encoder.encode(`${header}bank\t1`)) ?? '',
    /does not end with a line break/,
  )
})
