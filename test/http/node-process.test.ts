/**
 * The service as a real process (src/node.ts) over a copy of the built data: start-up failures an operator
 * can fix are one line naming the path or port and what to do, never a stack trace; a stop waits for the
 * requests under way no longer than its deadline, even for a client that stopped reading a download, and a
 * second signal exits at once; a lexicon file damaged while the service was stopped is found by hash at
 * start and rebuilt, and start-up says so.
 */
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { cp, open, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { createServer, connect, type AddressInfo, type Socket } from 'node:net'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { tempDir } from '../helpers/datasets'
import { testLexicon } from '../helpers/lexicon'

type Service = { child: ChildProcess; output: () => string; url: Promise<string> }

/** A port free a moment ago. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Starts src/node.ts with `env`; `url` resolves once it listens (rejects if it exits first). */
async function startService(env: Record<string, string>): Promise<Service> {
  const port = String(await freePort())
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/node.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: port, ROUTE_WORKERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = new Promise<string>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /listening on (http:\/\/\S+)/.exec(output)
      if (listening) resolve(listening[1] as string)
    }
    child.stdout?.on('data', seen)
    child.stderr?.on('data', seen)
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)))
  })
  url.catch(() => {})
  return { child, output: () => output, url }
}

async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  const [code] = (await once(child, 'exit')) as [number | null]
  return code
}

/** Asks for the whole literary-context download, reads the start of the answer, then stops reading. */
async function stalledDownload(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  await once(socket, 'connect')
  socket.write(`GET /api/datasets/literary-context/download HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`)
  const [first] = (await once(socket, 'data')) as [Buffer]
  assert.match(first.toString('latin1'), /^HTTP\/1\.1 200/)
  socket.pause()
  return socket
}

/** Waits until the service has written `pattern`. */
async function saw(service: Service, pattern: RegExp): Promise<void> {
  while (!pattern.test(service.output())) {
    await Promise.race([once(service.child.stdout!, 'data'), once(service.child, 'exit')])
    if (service.child.exitCode !== null && !pattern.test(service.output())) {
      throw new Error(`exited without ${pattern}:\n${service.output()}`)
    }
  }
}

describe('the service process', () => {
  let dataDir: string
  before(async () => {
    // The built data, public and private (not the observation log, which each start makes its own).
    await testLexicon()
    const built = 'data'
    dataDir = await tempDir('service-process-')
    for (const root of ['public', 'private'])
      await cp(join(built, root), join(dataDir, root), { recursive: true })
  })
  after(() => rm(dataDir, { recursive: true, force: true }))

  it('names a DATA_DIR that is a plain file and what to do, without a stack trace', async () => {
    const file = join(dataDir, 'not-a-directory')
    await writeFile(file, 'x')
    const service = await startService({ DATA_DIR: file })
    assert.equal(await exitOf(service.child), 1)
    assert.match(
      service.output(),
      /cannot start: DATA_DIR .*not-a-directory is a file.*set DATA_DIR to a directory/,
    )
    assert.doesNotMatch(service.output(), /^\s+at /m)
  })

  it('names a port in use and what to do, without a stack trace', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as AddressInfo).port
    try {
      const service = await startService({ DATA_DIR: dataDir, PORT: String(port) })
      assert.equal(await exitOf(service.child), 1)
      assert.match(
        service.output(),
        new RegExp(`cannot start: port ${port} on 127\\.0\\.0\\.1 is in use.*set PORT`),
      )
      assert.doesNotMatch(service.output(), /^\s+at /m)
    } finally {
      taken.close()
    }
  })

  it('closes a download its client stopped reading once the shutdown deadline passes', async () => {
    const service = await startService({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '500' })
    const socket = await stalledDownload(await service.url)
    try {
      service.child.kill('SIGTERM')
      assert.equal(await exitOf(service.child), 0)
      assert.match(service.output(), /shutdown deadline of 500 ms passed: closing the connections still open/)
    } finally {
      socket.destroy()
    }
  })

  it('exits at once on a second signal while a download holds it', async () => {
    const service = await startService({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '600000' })
    const socket = await stalledDownload(await service.url)
    try {
      service.child.kill('SIGTERM')
      await saw(service, /SIGTERM: finishing the requests under way/)
      service.child.kill('SIGTERM')
      assert.equal(await exitOf(service.child), 128 + 15)
      assert.match(service.output(), /SIGTERM again: exiting now/)
    } finally {
      socket.destroy()
    }
  })

  it('rebuilds at start a release file of the lexicon, usage or a dataset changed in place while it was stopped, and says so', async () => {
    // The current release's file (older dataset releases stay beside it).
    const fileIn = async (folder: string, name: string) => {
      const pointer = JSON.parse(await readFile(join(dataDir, 'public', folder, 'current.json'), 'utf8')) as {
        release?: string
        version?: string
      }
      return join(dataDir, 'public', folder, 'releases', (pointer.release ?? pointer.version) as string, name)
    }
    for (const path of [
      await fileIn('lexicon', 'strings.bin'),
      await fileIn('usage', 'scenes.json'),
      await fileIn('datasets/literary-context', 'records.jsonl'),
    ]) {
      const times = await stat(path)
      const handle = await open(path, 'r+')
      try {
        const one = new Uint8Array(1)
        const at = Math.floor(times.size / 2)
        await handle.read(one, 0, 1, at)
        one[0] = (one[0] as number) ^ 0x01
        await handle.write(one, 0, 1, at)
      } finally {
        await handle.close()
      }
      await utimes(path, times.atime, times.mtime)
    }
    const service = await startService({ DATA_DIR: dataDir })
    try {
      const url = await service.url
      assert.match(service.output(), /lexicon: .*strings\.bin hash-mismatch.*; rebuilding/)
      assert.match(service.output(), /lexicon: built release/)
      assert.doesNotMatch(service.output(), /lexicon: release \S+ verified/)
      assert.match(service.output(), /usage: \S+scenes\.json is hash-mismatch; building/)
      assert.match(service.output(), /literary-context: .*failed its integrity check; building/)
      assert.doesNotMatch(service.output(), /(usage|literary-context): release \S+ verified/)
      const ready = await fetch(`${url}/readyz`)
      assert.equal(ready.status, 200, await ready.text())
      assert.equal((await fetch(`${url}/api/lexicon/words/dog`)).status, 200)
    } finally {
      service.child.kill('SIGTERM')
      await exitOf(service.child)
    }
    // The next start hashes what it finds and says it verified it, with what that cost.
    const again = await startService({ DATA_DIR: dataDir })
    try {
      await again.url
      assert.match(
        again.output(),
        /lexicon: release \S+ verified \(\d+ files, [\d.]+ MB hashed as loaded in \d+ ms\)/,
      )
    } finally {
      again.child.kill('SIGTERM')
      await exitOf(again.child)
    }
  })
})
