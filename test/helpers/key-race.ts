/**
 * One revocation beside twenty key creations, each a CLI process started at once on one data directory,
 * then the store compared with what every command said: the revoked key inactive, every printed key there
 * and active. Used by the test (a few trials) and `npm run bench -- keys` (a hundred).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CliResult } from './cli'

export type Cli = (args: string[]) => Promise<CliResult>

export type RaceOutcome = {
  /** Keys a create printed that the store does not hold, or holds inactive. */
  lost: number
  /** The revoked key active again. */
  resurrected: number
  /** Commands that did not exit 0. */
  failed: string[]
}

const CREATES = 20

export async function revokeBesideCreates(cli: Cli): Promise<RaceOutcome> {
  const dir = await mkdtemp(join(tmpdir(), 'key-race-'))
  const inDir = (...args: string[]) => cli([...args, '--data-dir', dir])
  try {
    const first = await inDir('keys', 'create', '--scopes', 'dictionary', '--json')
    const revoked = (JSON.parse(first.stdout) as { digest: string }).digest
    const [revoke, ...creates] = await Promise.all([
      inDir('keys', 'revoke', revoked),
      ...Array.from({ length: CREATES }, () => inDir('keys', 'create', '--scopes', 'dictionary', '--json')),
    ])
    const failed = [revoke, ...creates].filter((r) => r.code !== 0).map((r) => r.stderr.trim())
    const created = creates
      .filter((r) => r.code === 0)
      .map((r) => (JSON.parse(r.stdout) as { digest: string }).digest)
    const listed = JSON.parse((await inDir('keys', 'list', '--json')).stdout) as Array<{
      digest: string
      active: boolean
    }>
    const active = new Set(listed.filter((k) => k.active).map((k) => k.digest))
    return {
      lost: created.filter((digest) => !active.has(digest)).length,
      resurrected: active.has(revoked) || revoke.code !== 0 ? 1 : 0,
      failed,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
