import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createBodyCache } from '../../src/storage/body-cache'

describe('body cache', () => {
  it('evicts the least recently used entry past the entry bound', () => {
    const cache = createBodyCache({ maxEntries: 2, maxChars: 1000 })
    cache.set('a', 'A')
    cache.set('b', 'B')
    assert.equal(cache.get('a'), 'A')
    cache.set('c', 'C')
    assert.equal(cache.get('b'), undefined)
    assert.equal(cache.get('a'), 'A')
    assert.equal(cache.get('c'), 'C')
    assert.equal(cache.size, 2)
  })

  it('keeps the total size within its character bound and skips bodies larger than it', () => {
    const cache = createBodyCache({ maxEntries: 10, maxChars: 10 })
    cache.set('a', '12345')
    cache.set('b', '12345')
    assert.equal(cache.size, 2)
    cache.set('c', '1')
    assert.equal(cache.get('a'), undefined)
    cache.set('huge', '12345678901')
    assert.equal(cache.get('huge'), undefined)
  })
})
