/**
 * Route work taking turns in one isolate (src/route-work/turns.ts), over a runner whose tasks end when the test
 * says: one heavy task runs at a time, in arrival order, whatever the earlier ones ended with, and light
 * ones run at once beside it; the queue holds estimated work up to its bound and answers 503 `busy` with
 * `Retry-After` one request past it, the wait scaled by how long the work has really taken.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { problemApiError } from '../../src/http/problems'
import { illuminateTask } from '../../src/semantic/tasks'
import type { ProblemError } from '../../src/validation/problem'
import type { RouteWorkRunner } from '../../src/route-work/runner'
import { estimatedMs } from '../../src/route-work/task-cost'
import { takingTurns } from '../../src/route-work/turns'

type Held = { passage: string; end: (outcome: 'answer' | 'fail') => void }

/**
 * A runner whose tasks wait until ended by hand, listed in the order they started, each known by the first
 * character of its passage (which is also its answer, or its error's message).
 */
function heldRunner(): RouteWorkRunner & { started: Held[] } {
  const started: Held[] = []
  return {
    started,
    run: (_name, input) =>
      new Promise((resolve, reject) => {
        const tag = (input as { passage: string }).passage.slice(0, 1)
        started.push({
          passage: tag,
          end: (outcome) =>
            outcome === 'answer' ? resolve(new TextEncoder().encode(tag)) : reject(new Error(tag)),
        })
      }),
    close: async () => {},
  }
}

const body = (passage: string) => ({ passage, select: { mode: 'content-words' as const } })
/** A body whose work is estimated at 31 ms, heavy enough to take turns; its passage starts with `tag`. */
const heavy = (tag: string) => body(tag.repeat(1_000))
/** Long enough for a waiting request to find its turn (it looks every 10 ms). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('route work taking turns', () => {
  it('runs one task at a time, in arrival order, the next after the last ends however it ended', async () => {
    const inner = heldRunner()
    const turns = takingTurns(inner, { queueMs: 10_000 })
    const answers = ['a', 'b', 'c'].map((p) =>
      turns.run(illuminateTask, heavy(p)).then(
        (bytes) => new TextDecoder().decode(bytes),
        (err: Error) => `failed ${err.message}`,
      ),
    )
    await settle()
    assert.deepEqual(
      inner.started.map((h) => h.passage),
      ['a'],
    )
    assert.deepEqual(turns.load().queued, 2)
    inner.started[0]?.end('fail')
    await settle()
    assert.deepEqual(
      inner.started.map((h) => h.passage),
      ['a', 'b'],
    )
    inner.started[1]?.end('answer')
    await settle()
    inner.started[2]?.end('answer')
    assert.deepEqual(await Promise.all(answers), ['failed a', 'b', 'c'])
    assert.deepEqual(turns.load(), { running: false, queued: 0, waitingMs: 0 })
  })

  it('queues estimated work up to its bound, and answers 503 busy with Retry-After past it', async () => {
    const passage = 'x'.repeat(1_000)
    const cost = estimatedMs(illuminateTask, body(passage))
    let clock = 0
    const inner = heldRunner()
    const turns = takingTurns(inner, { queueMs: 2 * cost, now: () => clock })
    const first = turns.run(illuminateTask, body(passage))
    const waiting = [turns.run(illuminateTask, body(passage)), turns.run(illuminateTask, body(passage))]
    await assert.rejects(turns.run(illuminateTask, body(passage)), (problem: ProblemError) => {
      const err = problemApiError(problem.problem)
      assert.equal(err.status, 503)
      assert.equal(err.code, 'busy')
      assert.equal(err.extra.headers?.['Retry-After'], '1')
      return true
    })
    // The first task takes 40 times its estimate: the wait asked for grows in proportion.
    await settle()
    clock += 40 * cost
    inner.started[0]?.end('answer')
    await first
    await settle()
    const past = turns.run(illuminateTask, body(passage))
    await assert.rejects(turns.run(illuminateTask, body(passage)), (problem: ProblemError) => {
      const err = problemApiError(problem.problem)
      assert.equal(err.extra.headers?.['Retry-After'], String(Math.ceil((2 * cost * 40) / 1000)))
      return true
    })
    for (let i = 1; i <= 3; i++) {
      await settle()
      inner.started[i]?.end('answer')
    }
    await Promise.all([...waiting, past])
  })

  it('starts a task at once when nothing runs, however small the bound', async () => {
    const inner = heldRunner()
    const turns = takingTurns(inner, { queueMs: 0 })
    const first = turns.run(illuminateTask, heavy('a'))
    await assert.rejects(
      turns.run(illuminateTask, heavy('b')),
      (err: ProblemError) => problemApiError(err.problem).status === 503,
    )
    await settle()
    inner.started[0]?.end('answer')
    await first
    const again = turns.run(illuminateTask, heavy('c'))
    await settle()
    inner.started[1]?.end('answer')
    assert.equal(new TextDecoder().decode(await again), 'c')
  })

  it('runs light work at once, beside heavy work, without queueing it', async () => {
    const inner = heldRunner()
    const turns = takingTurns(inner, { queueMs: 0 })
    const running = turns.run(illuminateTask, heavy('a'))
    const light = turns.run(illuminateTask, body('short'))
    await settle()
    assert.deepEqual(
      inner.started.map((h) => h.passage),
      ['a', 's'],
    )
    assert.deepEqual(turns.load(), { running: true, queued: 0, waitingMs: 0 })
    inner.started[1]?.end('answer')
    inner.started[0]?.end('answer')
    await Promise.all([running, light])
  })
})
