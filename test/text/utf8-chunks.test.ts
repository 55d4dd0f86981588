import assert from 'node:assert/strict'
import { test } from 'node:test'
import { chunkedUtf8Encoder } from '../../src/text/utf8-chunks'

test('each string encoded into a chunk has the bytes TextEncoder gives it, across chunk boundaries', () => {
  const encode = chunkedUtf8Encoder()
  const plain = new TextEncoder()
  // Every kind of character (one to four bytes, surrogate pairs), empty strings, and strings long enough
  // that many fill a chunk and one is longer than a chunk by itself.
  const texts: string[] = ['', 'a', '“car” ’s', '😀 emoji', 'é'.repeat(1000), 'x'.repeat(300 * 1024), '']
  for (let i = 0; i < 400; i++) texts.push(`${i}: “quoted” — ${'ab😀c'.repeat(i % 97)}`)
  const encoded = texts.map((text) => encode(text))
  texts.forEach((text, i) => assert.deepEqual(encoded[i], plain.encode(text), `text ${i}`))
})
