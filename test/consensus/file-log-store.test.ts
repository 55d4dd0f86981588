import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { appendFile, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { LOG_FILE, createFileLogStore } from '../../src/consensus/log/file-log-store'
import { LogCorruptError, type StoredEntry } from '../../src/consensus/log/log-store'
import { createMerkleTree, leafHash } from '../../src/consensus/log/merkle'

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const entry = (text: string): StoredEntry => {
  const leaf = encoder.encode(text)
  return { leaf, leafHash: leafHash(leaf) }
}

async function reopen(dir: string): Promise<{ texts: string[]; discardedBytes: number }> {
  const store = createFileLogStore(dir)
  const texts: string[] = []
  const report = await store.open((e) => texts.push(decoder.decode(e.leaf)))
  await store.close()
  return { texts, discardedBytes: report.discardedBytes }
}

describe('file-backed log store', () => {
  it('keeps appended entries across reopening and reads them back by index', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-store-'))
    const store = createFileLogStore(dir)
    assert.deepEqual(await store.open(() => {}), { entries: 0, discardedBytes: 0 })
    await store.append([entry('a'), entry('bb')])
    await store.append([entry('ccc')])
    assert.equal(decoder.decode(await store.read(1)), 'bb')
    await assert.rejects(store.read(3), RangeError)
    await store.close()
    assert.deepEqual(await reopen(dir), { texts: ['a', 'bb', 'ccc'], discardedBytes: 0 })
  })

  it('removes a torn tail (a record cut short) and appends after it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-store-'))
    const store = createFileLogStore(dir)
    await store.open(() => {})
    await store.append([entry('one'), entry('two')])
    await store.close()
    const committed = (await stat(join(dir, LOG_FILE))).size
    // Half of a third record, as a crash during its write leaves it.
    const torn = new Uint8Array([0xff, 0x4c, 0x4f, 0x47, 0, 0, 0, 100, 1, 2, 3])
    await appendFile(join(dir, LOG_FILE), torn)
    assert.deepEqual(await reopen(dir), { texts: ['one', 'two'], discardedBytes: torn.byteLength })
    assert.equal((await stat(join(dir, LOG_FILE))).size, committed)

    const again = createFileLogStore(dir)
    await again.open(() => {})
    await again.append([entry('three')])
    await again.close()
    assert.deepEqual((await reopen(dir)).texts, ['one', 'two', 'three'])
  })

  it('refuses to open when a committed record is damaged, instead of dropping the entries after it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-store-'))
    const store = createFileLogStore(dir)
    await store.open(() => {})
    await store.append([entry('first entry'), entry('second entry')])
    await store.close()
    const bytes = await readFile(join(dir, LOG_FILE))
    bytes.writeUInt8(bytes.readUInt8(8 + 40 + 2) ^ 0x01, 8 + 40 + 2)
    await writeFile(join(dir, LOG_FILE), bytes)
    await assert.rejects(
      createFileLogStore(dir).open(() => {}),
      LogCorruptError,
    )
  })

  it('reads a log larger than its read chunk, records straddling chunk edges, and a torn tail after them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-store-'))
    const store = createFileLogStore(dir)
    await store.open(() => {})
    // About 10 MiB in records of uneven sizes (up to 0.9 MiB), so chunk edges fall inside records.
    const texts = Array.from({ length: 40 }, (_, i) => `${i}:`.padEnd(((i * 7919) % 900_000) + 10, 'x'))
    await store.append(texts.map(entry))
    await store.close()
    await appendFile(join(dir, LOG_FILE), new Uint8Array([0xff, 0x4c, 0x4f, 0x47, 0, 0, 0]))
    const reopened = await reopen(dir)
    assert.equal(reopened.discardedBytes, 7)
    assert.equal(reopened.texts.length, texts.length)
    reopened.texts.forEach((text, i) => assert.equal(text, texts[i], `entry ${i}`))
    const again = createFileLogStore(dir)
    await again.open(() => {})
    assert.equal(decoder.decode(await again.read(39)), texts[39])
    await again.close()
  })

  it('refuses a file that is not an observation log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-store-'))
    await writeFile(join(dir, LOG_FILE), 'something else entirely')
    await assert.rejects(
      createFileLogStore(dir).open(() => {}),
      LogCorruptError,
    )
    // The failed open let go of its lock: the directory can be opened again once repaired.
    await writeFile(join(dir, LOG_FILE), '')
    const store = createFileLogStore(dir)
    assert.deepEqual(await store.open(() => {}), { entries: 0, discardedBytes: 0 })
    await store.close()
  })

  it('lets go of its lock when the process exits normally', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'log-store-'))
    const script = `import { createFileLogStore } from './src/consensus/log/file-log-store.ts'
await createFileLogStore(${JSON.stringify(dir)}).open(() => {})
process.exit(0)`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: 'inherit',
    })
    assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 0)
    await assert.rejects(stat(join(dir, 'observations.lock')), { code: 'ENOENT' })
    assert.ok((await stat(join(dir, LOG_FILE))).size > 0, 'the log file stays')
  })

  it('loses no acknowledged entry when the writing process is killed (SIGKILL) mid-append', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'log-crash-'))
    const acknowledged = new Map<number, string>()
    let tornTails = 0
    for (let run = 0; run < 4; run++) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'test/consensus/crash-appender.ts', dir, String(run)],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
      await new Promise<void>((resolve, reject) => {
        let seen = 0
        let buffer = ''
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString()
          const lines = buffer.split('\n')
          buffer = lines.pop() as string
          for (const line of lines) {
            const space = line.indexOf(' ')
            acknowledged.set(Number(line.slice(0, space)), line.slice(space + 1))
            // Kill at a different moment each run, while appends are in flight; first check that a
            // second writer is refused while the child holds the log.
            if (++seen === 150 + run * 37) {
              createFileLogStore(dir)
                .open(() => {})
                .then(
                  () => reject(new Error('a second writer opened the log')),
                  (err: Error) =>
                    /open in another running instance/.test(err.message) &&
                    !err.message.includes(String(child.pid))
                      ? child.kill('SIGKILL')
                      : reject(err),
                )
            }
          }
        })
        child.once('exit', (_code, signal) =>
          signal === 'SIGKILL' ? resolve() : reject(new Error(`exited ${signal}`)),
        )
      })
      const { texts, discardedBytes } = await reopen(dir)
      if (discardedBytes > 0) tornTails++
      for (const [index, text] of acknowledged) {
        assert.equal(
          texts[index]?.slice(0, text.length),
          text,
          `acknowledged entry ${index} after run ${run}`,
        )
      }
      assert.equal(new Set(texts).size, texts.length, 'no entry twice')
    }
    // Every record still verifies and the tree rebuilds from the file.
    const store = createFileLogStore(dir)
    const tree = createMerkleTree()
    await store.open((e) => tree.append(e.leafHash))
    await store.close()
    assert.ok(tree.size >= acknowledged.size, 'tree.size >= acknowledged.size')
    t.diagnostic(
      `${acknowledged.size} acknowledged, ${tree.size} in the log, torn tails repaired in ${tornTails} of 4 runs`,
    )
  })
})
