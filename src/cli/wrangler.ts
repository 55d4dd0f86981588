/**
 * The operator CLI's way to a Cloudflare deployment: the `wrangler` command (`$WRANGLER`, default
 * `npx wrangler`), already logged in by the operator. Objects go to R2 with `wrangler r2 object put` and key
 * records to KV with `wrangler kv key put`, each on the remote account (`--remote`).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { KeyRecord } from '../auth/keys'
import { CliError } from './command'

function wranglerCommand(): string[] {
  const configured = process.env.WRANGLER?.trim()
  return configured ? configured.split(/\s+/) : ['npx', 'wrangler']
}

export function runWrangler(args: string[]): Promise<void> {
  const [command, ...prefix] = wranglerCommand() as [string, ...string[]]
  return new Promise((resolve, reject) => {
    execFile(command, [...prefix, ...args], { maxBuffer: 16 * 2 ** 20 }, (err, _stdout, stderr) => {
      if (!err) return resolve()
      // The command line names an object or a digest, never a secret, so it can be shown.
      reject(new CliError(`wrangler ${args.slice(0, 4).join(' ')} failed: ${stderr.trim() || err.message}`))
    })
  })
}

/** Writes objects into an R2 bucket, one `wrangler r2 object put` each, in the order asked. */
export function wranglerR2Writer(bucket: string): {
  write(path: string, data: Uint8Array | string): Promise<void>
} {
  return {
    async write(path, data) {
      const dir = await mkdtemp(join(tmpdir(), 'r2-put-'))
      try {
        const file = join(dir, 'object')
        await writeFile(file, data)
        await runWrangler(['r2', 'object', 'put', `${bucket}/${path}`, '--file', file, '--remote'])
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}

/** Puts a key record into the KV namespace, under its digest (the Workers key store's layout). */
export function putKeyInKv(namespaceId: string, record: KeyRecord): Promise<void> {
  return runWrangler([
    'kv',
    'key',
    'put',
    record.digest,
    JSON.stringify(record),
    '--namespace-id',
    namespaceId,
    '--remote',
  ])
}
