/**
 * The memory of the worker's isolate in workerd, through its V8 inspector (the DevTools protocol): the JS
 * heap in use plus the backing stores of ArrayBuffers (where the lexicon's blocks live), which is what the
 * platform's 128 MB limit counts, unlike the resident set of the whole workerd process (runtime, local R2).
 */
import type { Miniflare } from 'miniflare'
import WebSocket from 'ws'

export type IsolateMemory = { heapMb: number; buffersMb: number }

type HeapUsage = { usedSize: number; backingStorageSize?: number }

/**
 * The isolate's memory after a full garbage collection. workerd runs the inspector's collection when the
 * isolate next takes a request, so `poke` sends one (a cheap route), again until the collection is done.
 */
export async function isolateMemory(mf: Miniflare, poke: () => Promise<unknown>): Promise<IsolateMemory> {
  const inspector = await mf.getInspectorURL()
  const targets = (await (
    await fetch(new URL('/json', inspector.href.replace(/^ws/, 'http')))
  ).json()) as Array<{
    id: string
    webSocketDebuggerUrl: string
  }>
  // The user worker of a Miniflare without a name is `core:user:`.
  const target = targets.find((t) => t.id === 'core:user:')
  if (!target) throw new Error('the worker has no inspector target')
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  let next = 0
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      const id = ++next
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: unknown }
        if (message.id === id) resolve(message.result)
      })
      socket.send(JSON.stringify({ id, method }))
    })
  try {
    await call('Runtime.enable')
    await call('HeapProfiler.enable')
    // The collection may be taken up after a first poke has been answered: poke until it is done.
    let collecting = true
    const collected = call('HeapProfiler.collectGarbage').then(() => (collecting = false))
    while (collecting) {
      await poke()
      await Promise.race([collected, new Promise((resolve) => setTimeout(resolve, 200))])
    }
    const usage = (await call('Runtime.getHeapUsage')) as HeapUsage
    return { heapMb: usage.usedSize / 2 ** 20, buffersMb: (usage.backingStorageSize ?? 0) / 2 ** 20 }
  } finally {
    socket.close()
  }
}
