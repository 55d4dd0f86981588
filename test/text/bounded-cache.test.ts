import assert from 'node:assert/strict'
import { test } from 'node:test'
import { boundedCache } from '../../src/text/bounded-cache'

test('a bounded cache keeps every entry up to its bound', () => {
  const cache = boundedCache<string, number>(3)
  for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i)
  assert.equal(cache.size, 3)
  assert.deepEqual(
    ['a', 'b', 'c'].map((key) => cache.get(key)),
    [0, 1, 2],
  )
})

test('past its bound it drops the entry stored first, one for each new key', () => {
  const cache = boundedCache<string, number>(3)
  for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) cache.set(key, i)
  assert.equal(cache.size, 3)
  assert.equal(cache.get('a'), undefined)
  assert.deepEqual(
    ['b', 'c', 'd'].map((key) => cache.get(key)),
    [1, 2, 3],
  )
  cache.set('e', 4)
  assert.equal(cache.get('b'), undefined)
  assert.equal(cache.size, 3)
})

test('storing a key it holds replaces the value and drops nothing', () => {
  const cache = boundedCache<number, string | null>(2)
  cache.set(1, 'one')
  cache.set(2, null)
  cache.set(1, 'uno')
  assert.equal(cache.size, 2)
  assert.equal(cache.get(1), 'uno')
  assert.equal(cache.get(2), null, 'a stored null is a value, not a miss')
})
