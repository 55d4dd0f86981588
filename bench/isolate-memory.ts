/**
 * The memory of the worker's isolate in workerd, through its V8 inspector (the DevTools protocol): the JS
 * heap in use plus the backing stores of ArrayBuffers (where the lexicon's blocks live), which is what the
 * platform's 128 MB limit counts, unlike the resident set of the whole workerd process (runtime, local R2).
 */
import type { Miniflare } from 'miniflare'
import WebSocket from 'ws'

/**
 * MB of the JS heap in use, of ArrayBuffer backing stores, and of the heap V8 holds (committed: it grows to
 * fit the largest heap the isolate needed and is given back only later).
 */
export type IsolateMemory = { heapMb: number; buffersMb: number; committedMb: number }

type HeapUsage = { usedSize: number; totalSize: number; backingStorageSize?: number }

type Inspector = { call(method: string): Promise<unknown>; close(): void }

/** A DevTools protocol session with the worker's isolate. */
async function openInspector(mf: Miniflare): Promise<Inspector> {
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
  const waiting = new Map<number, (result: unknown) => void>()
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown }
    if (message.id !== undefined) waiting.get(message.id)?.(message.result)
    if (message.id !== undefined) waiting.delete(message.id)
  })
  let next = 0
  return {
    call: (method) =>
      new Promise<unknown>((resolve) => {
        const id = ++next
        waiting.set(id, resolve)
        socket.send(JSON.stringify({ id, method }))
      }),
    close: () => socket.close(),
  }
}

const megabytes = (usage: HeapUsage): IsolateMemory => ({
  heapMb: usage.usedSize / 2 ** 20,
  buffersMb: (usage.backingStorageSize ?? 0) / 2 ** 20,
  committedMb: usage.totalSize / 2 ** 20,
})

/**
 * The isolate's memory after a full garbage collection. workerd runs the inspector's collection when the
 * isolate next takes a request, so `poke` sends one (a cheap route), again until the collection is done.
 */
export async function isolateMemory(mf: Miniflare, poke: () => Promise<unknown>): Promise<IsolateMemory> {
  const inspector = await openInspector(mf)
  try {
    await inspector.call('Runtime.enable')
    await inspector.call('HeapProfiler.enable')
    // The collection may be taken up after a first poke has been answered: poke until it is done.
    let collecting = true
    const collected = inspector.call('HeapProfiler.collectGarbage').then(() => (collecting = false))
    while (collecting) {
      await poke()
      await Promise.race([collected, new Promise((resolve) => setTimeout(resolve, 200))])
    }
    return megabytes((await inspector.call('Runtime.getHeapUsage')) as HeapUsage)
  } finally {
    inspector.close()
  }
}

/**
 * The isolate's memory as it is, without a collection: asked right after a request, the heap in use still
 * holds the request's garbage, the committed heap has grown to fit the largest heap the request needed, and
 * the backing stores still include the blocks the request pinned and the cache then dropped. workerd's
 * inspector is not answered while the isolate runs a request, so this is the closest look at its peak.
 */
export async function isolateMemoryNow(mf: Miniflare): Promise<IsolateMemory> {
  const inspector = await openInspector(mf)
  try {
    await inspector.call('Runtime.enable')
    return megabytes((await inspector.call('Runtime.getHeapUsage')) as HeapUsage)
  } finally {
    inspector.close()
  }
}
