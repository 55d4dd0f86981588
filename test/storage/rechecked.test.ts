import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { rechecked } from '../../src/storage/rechecked'

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('rechecked release state', () => {
  it('shares a slow check in flight even past the interval, so a first load never runs twice', async () => {
    let runs = 0
    const current = rechecked(
      0,
      async () => {
        runs++
        await wait(20)
        return runs
      },
      () => -1,
    )
    const answers = await Promise.all([current(), current(), wait(5).then(current)])
    assert.deepEqual(answers, [1, 1, 1])
    assert.equal(runs, 1)
  })

  it('reuses a settled answer until it is recheckMs old, then checks again', async () => {
    let runs = 0
    const current = rechecked(
      30,
      async () => ++runs,
      () => -1,
    )
    assert.equal(await current(), 1)
    assert.equal(await current(), 1)
    await wait(40)
    assert.equal(await current(), 2)
  })

  it('settles a check that throws as the failure answer, and tries again later', async () => {
    let fail = true
    const current = rechecked(
      10,
      async () => {
        if (fail) throw new Error('disk gone')
        return 'ready'
      },
      (err) => `unavailable: ${String(err)}`,
    )
    assert.equal(await current(), 'unavailable: Error: disk gone')
    fail = false
    await wait(15)
    assert.equal(await current(), 'ready')
  })
})
