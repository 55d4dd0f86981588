import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { ConfigError, loadConfig } from '../src/config'

describe('configuration', () => {
  it('has embedded defaults', () => {
    assert.deepEqual(loadConfig({}), {
      HOST: '127.0.0.1',
      PORT: 8787,
      DATA_DIR: './data',
      LEXICON_CACHE_MB: 20,
      RESPONSE_CACHE_MB: 32,
      REQUEST_TIMEOUT_MS: 30_000,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      ROUTE_QUEUE_MS: 3_000,
      LOG_ORIGIN: 'lexicon-service.local/observations',
    })
  })

  it('accepts the bounds of PORT and rejects one past them with a message naming the variable', () => {
    assert.equal(loadConfig({ PORT: '1' }).PORT, 1)
    assert.equal(loadConfig({ PORT: '65535' }).PORT, 65535)
    for (const bad of ['0', '65536', 'abc', '80.5']) {
      assert.throws(
        () => loadConfig({ PORT: bad }),
        (err: unknown) =>
          err instanceof ConfigError && /PORT must be an integer from 1 to 65535/.test(err.message),
      )
    }
  })

  it('accepts the bounds of SHUTDOWN_TIMEOUT_MS and rejects one past them', () => {
    assert.equal(loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' }).SHUTDOWN_TIMEOUT_MS, 0)
    assert.equal(loadConfig({ SHUTDOWN_TIMEOUT_MS: '600000' }).SHUTDOWN_TIMEOUT_MS, 600_000)
    for (const bad of ['-1', '600001', '1.5', 'soon']) {
      assert.throws(
        () => loadConfig({ SHUTDOWN_TIMEOUT_MS: bad }),
        (err: unknown) => err instanceof ConfigError && /SHUTDOWN_TIMEOUT_MS must be/.test(err.message),
      )
    }
  })

  it('accepts the bounds of RESPONSE_CACHE_MB and rejects one past them', () => {
    assert.equal(loadConfig({ RESPONSE_CACHE_MB: '0' }).RESPONSE_CACHE_MB, 0)
    assert.equal(loadConfig({ RESPONSE_CACHE_MB: '4096' }).RESPONSE_CACHE_MB, 4096)
    for (const bad of ['-1', '4097', '1.5', 'lots']) {
      assert.throws(
        () => loadConfig({ RESPONSE_CACHE_MB: bad }),
        (err: unknown) => err instanceof ConfigError && /RESPONSE_CACHE_MB must/.test(err.message),
      )
    }
  })

  it('accepts the bounds of ROUTE_WORKERS and ROUTE_QUEUE_MS and rejects one past them', () => {
    assert.equal(loadConfig({ ROUTE_WORKERS: '0' }).ROUTE_WORKERS, 0)
    assert.equal(loadConfig({ ROUTE_WORKERS: '64' }).ROUTE_WORKERS, 64)
    assert.equal(loadConfig({ ROUTE_QUEUE_MS: '0' }).ROUTE_QUEUE_MS, 0)
    assert.equal(loadConfig({ ROUTE_QUEUE_MS: '600000' }).ROUTE_QUEUE_MS, 600_000)
    for (const [name, bad] of [
      ['ROUTE_WORKERS', '-1'],
      ['ROUTE_WORKERS', '65'],
      ['ROUTE_WORKERS', '1.5'],
      ['ROUTE_QUEUE_MS', '-1'],
      ['ROUTE_QUEUE_MS', '600001'],
      ['ROUTE_QUEUE_MS', 'many'],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: bad }),
        (err: unknown) => err instanceof ConfigError && new RegExp(`${name} must`).test(err.message),
      )
    }
  })

  it('reports every bad value at once', () => {
    assert.throws(
      () => loadConfig({ PORT: 'x', RESPONSE_CACHE_MB: '-1' }),
      (err: unknown) => err instanceof ConfigError && err.problems.length === 2,
    )
  })
})
