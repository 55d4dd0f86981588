import assert from 'node:assert/strict'
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { loadConfig } from '../../src/config'
import { createNodeApp } from '../../src/node'
import { startServer, type TestServer } from '../helpers/server'
import { syntheticInput, tempDir, TEST_TERMS } from '../helpers/datasets'
import { runCli } from '../helpers/cli'

const cli = runCli

describe('operator CLI (as a subprocess)', () => {
  let dir: string
  let dataDir: string
  let server: TestServer
  const inData = (...args: string[]) => cli([...args, '--data-dir', dataDir])

  before(async () => {
    dir = await tempDir('cli-')
    dataDir = join(dir, 'data')
    for (const dataset of ['literary-context', 'observed-language'] as const) {
      const input = syntheticInput(dataset, 120)
      await writeFile(
        join(dir, `${dataset}.jsonl`),
        input.records.map((r) => JSON.stringify(r)).join('\n') + '\n',
      )
    }
    await writeFile(join(dir, 'terms.json'), JSON.stringify(TEST_TERMS))
    await writeFile(join(dir, 'schema.json'), JSON.stringify({ type: 'object', required: ['id'] }))
    server = await startServer(createNodeApp(loadConfig({ DATA_DIR: dataDir })))
  })
  after(() => server.close())

  it('explains itself: --help on every command, exit 2 for a wrong command line', async () => {
    const overview = await cli(['--help'])
    assert.equal(overview.code, 0)
    for (const name of ['build', 'publish', 'current', 'revoke', 'keys create', 'keys list', 'keys revoke']) {
      assert.ok(overview.stdout.includes(`  ${name}`), name)
      const help = await cli([...name.split(' '), '--help'])
      assert.equal(help.code, 0, name)
      assert.match(help.stdout, new RegExp(`^Usage: npm run cli -- ${name}`), name)
    }
    assert.equal((await cli([])).code, 2)
    const unknown = await cli(['frobnicate'])
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /unknown command "frobnicate"/)
    const badOption = await cli(['keys', 'list', '--colour'])
    assert.equal(badOption.code, 2)
    assert.match(badOption.stderr, /--colour/)
    const missing = await cli(['build', '--dataset', 'literary-context'])
    assert.equal(missing.code, 2)
    assert.match(missing.stderr, /--out is required/)
  })

  it('builds, publishes, shows and verifies a release; rebuilding gives the same bytes', async () => {
    const args = (out: string) => [
      'build',
      '--dataset',
      'literary-context',
      '--records',
      join(dir, 'literary-context.jsonl'),
      '--terms',
      join(dir, 'terms.json'),
      '--schema',
      join(dir, 'schema.json'),
      '--status',
      'test-fixture',
      '--group-key',
      'group',
      '--group-rule',
      'keep groups together',
      '--out',
      join(dir, out),
    ]
    const built = await cli(args('build-a'))
    assert.equal(built.code, 0, built.stderr)
    const version = /release ([a-f0-9]{64})/.exec(built.stdout)?.[1] as string
    assert.ok(version)
    assert.equal((await cli(args('build-b'))).code, 0)
    for (const file of ['records.jsonl', 'line-offsets.bin', 'id-index.bin', 'manifest.json']) {
      assert.deepEqual(
        await readFile(join(dir, 'build-a', file)),
        await readFile(join(dir, 'build-b', file)),
        file,
      )
    }

    const published = await inData('publish', join(dir, 'build-a'))
    assert.equal(published.code, 0, published.stderr)
    assert.match(published.stdout, new RegExp(`published literary-context release ${version}`))
    const res = await fetch(`${server.url}/api/datasets/literary-context/records?limit=5`)
    assert.equal(res.status, 200)
    assert.equal(((await res.json()) as { version: string }).version, version)

    const current = await inData('current', 'literary-context')
    assert.equal(current.code, 0, current.stderr)
    assert.match(current.stdout, new RegExp(`literary-context: served, release ${version}`))
    const builtFiles = (
      JSON.parse(await readFile(join(dir, 'build-a', 'manifest.json'), 'utf8')) as {
        files: unknown[]
      }
    ).files
    assert.equal(current.stdout.match(/ {2}ok {2}/g)?.length, builtFiles.length)
    assert.ok(builtFiles.length >= 8)

    const recordsFile = join(dataDir, 'public/datasets/literary-context/releases', version, 'records.jsonl')
    const original = await readFile(recordsFile)
    await writeFile(recordsFile, Buffer.concat([original.subarray(0, -2), Buffer.from('X\n')]))
    const tampered = await inData('current', 'literary-context')
    assert.equal(tampered.code, 1)
    assert.match(tampered.stdout, /FAIL {2}records\.jsonl: hash-mismatch/)
    assert.equal((await fetch(`${server.url}/api/datasets/literary-context`)).status, 503)
    await writeFile(recordsFile, original)

    const revoked = await inData('revoke', 'literary-context', '--version', version)
    assert.equal(revoked.code, 0, revoked.stderr)
    assert.equal((await fetch(`${server.url}/api/datasets/literary-context/download`)).status, 503)
    const after = await inData('current', 'literary-context')
    assert.equal(after.code, 0)
    assert.match(after.stdout, /not served \(release_withdrawn\)/)
    assert.equal((await inData('revoke', 'literary-context', '--version', 'abc')).code, 2)
  })

  it('refuses bad input with a clear message and exit 1', async () => {
    const bad = join(dir, 'bad.jsonl')
    await writeFile(bad, '{"id":"a"}\n{"id":"b"\n')
    const common = ['--terms', join(dir, 'terms.json'), '--status', 'x', '--out', join(dir, 'never')]
    const invalidJson = await cli(['build', '--dataset', 'literary-context', '--records', bad, ...common])
    assert.equal(invalidJson.code, 1)
    assert.match(invalidJson.stderr, /line 2 is not valid JSON/)
    await writeFile(bad, '{"id":"a"}\n{"id":"a"}\n')
    const duplicate = await cli(['build', '--dataset', 'literary-context', '--records', bad, ...common])
    assert.equal(duplicate.code, 1)
    assert.match(duplicate.stderr, /"a" is not unique/)
    const absent = await cli([
      'build',
      '--dataset',
      'literary-context',
      '--records',
      join(dir, 'nope'),
      ...common,
    ])
    assert.equal(absent.code, 1)
    assert.match(absent.stderr, /cannot read the records file .*ENOENT/)
    const noRelease = await inData('publish', join(dir, 'nowhere'))
    assert.equal(noRelease.code, 1)
  })

  it('refuses to list or write over a damaged key store, naming the file', async () => {
    const damagedDir = join(dir, 'damaged')
    await mkdir(join(damagedDir, 'private'), { recursive: true })
    await writeFile(join(damagedDir, 'private/keys.json'), '{"keys": [')
    for (const args of [
      ['keys', 'list'],
      ['keys', 'create', '--scopes', 'dictionary'],
    ]) {
      const result = await cli([...args, '--data-dir', damagedDir])
      assert.equal(result.code, 1)
      assert.match(result.stderr, /^error: private\/keys\.json: the file is not valid JSON/m)
    }
    assert.equal(await readFile(join(damagedDir, 'private/keys.json'), 'utf8'), '{"keys": [')
  })

  it('creates, lists and revokes keys; the secret is shown once, never stored, in owner-only files', async () => {
    const built = await cli([
      'build',
      '--dataset',
      'observed-language',
      '--records',
      join(dir, 'observed-language.jsonl'),
      '--terms',
      join(dir, 'terms.json'),
      '--status',
      'reviewed',
      '--out',
      join(dir, 'private-release'),
    ])
    assert.equal(built.code, 0, built.stderr)
    assert.equal((await inData('publish', join(dir, 'private-release'))).code, 0)

    const created = await inData('keys', 'create', '--scopes', 'observed-language', '--days', '2', '--json')
    assert.equal(created.code, 0, created.stderr)
    const key = JSON.parse(created.stdout) as {
      secret: string
      digest: string
      scopes: string[]
      expiresAt: number
    }
    assert.match(key.secret, /^[A-Za-z0-9_-]{43}$/)
    assert.deepEqual(key.scopes, ['observed-language'])
    assert.ok(Math.abs(key.expiresAt - (Date.now() + 2 * 86_400_000)) < 60_000)
    const stored = await readFile(join(dataDir, 'private/keys.json'), 'utf8')
    assert.ok(stored.includes(key.digest))
    assert.ok(!stored.includes(key.secret))

    const human = await inData(
      'keys',
      'create',
      '--scopes',
      'argument-review,dictionary',
      '--expires',
      '2099-01-01',
    )
    assert.equal(human.code, 0)
    assert.match(human.stdout, /^secret {3}[A-Za-z0-9_-]{43}\n/)
    assert.match(human.stdout, /expires {2}2099-01-01T00:00:00.000Z/)

    const listed = await inData('keys', 'list')
    assert.equal(listed.code, 0)
    assert.match(listed.stdout, new RegExp(`${key.digest} {2}active {2}`))
    assert.ok(!listed.stdout.includes(key.secret))

    const auth = { Authorization: `Bearer ${key.secret}` }
    assert.equal(
      (await fetch(`${server.url}/api/datasets/observed-language/records`, { headers: auth })).status,
      200,
    )
    // Secret files are owner-only: the key store the CLI wrote, the cursor secret the page request made.
    for (const secretFile of ['keys.json', 'cursor-secret']) {
      assert.equal((await stat(join(dataDir, 'private', secretFile))).mode & 0o777, 0o600, secretFile)
    }
    assert.equal((await stat(join(dataDir, 'private'))).mode & 0o777, 0o700)
    const revoked = await inData('keys', 'revoke', key.digest.slice(0, 12))
    assert.equal(revoked.code, 0, revoked.stderr)
    assert.equal(
      (await fetch(`${server.url}/api/datasets/observed-language/records`, { headers: auth })).status,
      401,
    )
    const json = JSON.parse((await inData('keys', 'list', '--json')).stdout) as Array<{
      digest: string
      active: boolean
    }>
    assert.equal(json.find((k) => k.digest === key.digest)?.active, false)

    assert.equal((await inData('keys', 'revoke', 'ffffffffffff')).code, 1)
    assert.equal((await inData('keys', 'create', '--scopes', 'everything')).code, 2)
    assert.equal(
      (await inData('keys', 'create', '--scopes', 'dictionary', '--expires', '2001-01-01')).code,
      2,
    )
  })
})
