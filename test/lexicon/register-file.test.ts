/** The register release file's check: the builder's shape passes, anything else is refused. */
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { registerFileProblem } from '../../src/lexicon/register-file'

const file = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))

test('a table of meaning IDs to known registers passes', () => {
  assert.equal(registerFileProblem(file({ 'goose%1:05:00::': ['vulgar', 'slang'] })), null)
  assert.equal(registerFileProblem(file({})), null)
})

test('a file of another shape is refused', () => {
  assert.equal(registerFileProblem(new TextEncoder().encode('{')), 'the register file is not JSON')
  for (const value of [[], null, 'x', { a: [] }, { a: ['rude'] }, { a: 'vulgar' }, { a: [1] }])
    assert.equal(
      registerFileProblem(file(value)),
      'the register file does not match its schema',
      JSON.stringify(value),
    )
})
