/** Strict base64: what the table decoder accepts and refuses, against the platform's `atob`/`btoa`. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fromBase64, toBase64 } from '../../src/text/base64'

describe('base64', () => {
  it('decodes what it encodes, at every padding, as atob does', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) % 256)
      const text = toBase64(bytes)
      assert.deepEqual(fromBase64(text), bytes)
      assert.equal(text, btoa(String.fromCharCode(...bytes)))
    }
  })
  it('refuses a string that is not strict base64', () => {
    for (const text of ['a', 'ab', 'abc', 'abcde', 'ab=c', '=abc', 'abc==', 'a===', '====', 'ab==ab==']) {
      assert.equal(fromBase64(text), null, text)
    }
    for (const text of ['ab c', 'abé=', 'ab-_', 'abc\n']) assert.equal(fromBase64(text), null, text)
  })
})
