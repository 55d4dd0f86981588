/**
 * Route tasks are typed handles the composition roots register (src/route-work/task.ts): a route whose task
 * the runner was not given fails when the app is built, not when a request comes, and a runner refuses a
 * task it does not know, or two tasks of one name, with an error that says what to register where; a
 * worker thread whose entry misses a task the pool registered is reported when it starts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createApp, ROUTE_TASKS } from '../../src/app'
import { ARGUMENT_TASKS, reviewTask } from '../../src/argument/tasks'
import { CONSENSUS_TASKS } from '../../src/consensus/tasks'
import { lexiconHandoff } from '../../src/lexicon/task-context'
import { createWorkerPool } from '../../src/route-work/node-pool'
import { inProcessRunner } from '../../src/route-work/runner'
import { defineRouteTask, registerRouteTasks } from '../../src/route-work/task'
import { argumentsTask, resolveTask, SEMANTIC_TASKS } from '../../src/semantic/tasks'
import { testLexiconProvider } from '../helpers/lexicon'
import { testUsageProvider } from '../helpers/usage'

const echo = defineRouteTask({
  name: 'echo',
  cost: { msPerThousandUnits: 1 },
  run: async (input: { text: string }) => input,
})

describe('route task registration', () => {
  it('registers every feature task list in the app', () => {
    for (const task of [...SEMANTIC_TASKS, ...ARGUMENT_TASKS, ...CONSENSUS_TASKS])
      assert.ok(ROUTE_TASKS.includes(task), task.name)
  })

  it('refuses to build the app when a route task is not registered with its runner', async () => {
    const work = inProcessRunner({ tasks: [...ARGUMENT_TASKS, ...CONSENSUS_TASKS], context: {} as never })
    const deps = { lexicon: await testLexiconProvider(), usage: await testUsageProvider(), work }
    assert.throws(
      () => createApp(deps),
      (err: Error) => err.message.includes(`"${resolveTask.name}" is not registered`),
    )
  })

  it('refuses a task it was not given, and a second task of a name', async () => {
    const work = inProcessRunner({ tasks: [echo], context: {} })
    assert.deepEqual(JSON.parse(new TextDecoder().decode(await work.run(echo, { text: 'hi' }))), {
      text: 'hi',
    })
    assert.equal(work.registered?.(reviewTask), false)
    await assert.rejects(work.run(reviewTask, { text: 'hi' } as never), /"review" is not registered/)
    const twin = defineRouteTask({ ...echo })
    assert.throws(() => registerRouteTasks([echo, twin]), /Two route tasks are named "echo"/)
  })
})

describe('a thread entry that misses a task the pool registered', () => {
  it('says so when its thread starts, and fails only that task', async () => {
    const provider = await testLexiconProvider()
    const pool = createWorkerPool({
      size: 1,
      queueMs: 10_000,
      tasks: [...ROUTE_TASKS, echo],
      handoff: () => provider.current().then(lexiconHandoff),
    })
    // The pool's threads do not keep the process alive; the test waits for them.
    const alive = setInterval(() => {}, 1_000)
    const logged: string[] = []
    const error = console.error
    console.error = (line: string) => void logged.push(line)
    try {
      const bytes = await pool.run(argumentsTask, { messages: [{ id: 'm1', text: 'Buses will be slower.' }] })
      assert.ok(bytes.byteLength > 0)
      assert.ok(
        logged.some((line) =>
          (JSON.parse(line) as { error: string }).error.includes(
            '"echo" is not registered with the route-work thread',
          ),
        ),
      )
      await assert.rejects(pool.run(echo, { text: 'hi' }), /route work failed in its worker/)
    } finally {
      console.error = error
      clearInterval(alive)
      await pool.close()
    }
  })
})
