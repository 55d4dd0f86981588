/** The operator CLI (src/cli.ts) run as a subprocess, as an operator runs it: its exit code and output. */
import { execFile } from 'node:child_process'
import { build } from 'esbuild'

export type CliResult = { code: number; stdout: string; stderr: string }

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return run(['--import', 'tsx', 'src/cli.ts', ...args], env)
}

function run(nodeArgs: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs,
      { env: { ...process.env, ...env }, maxBuffer: 16 * 2 ** 20 },
      (err, stdout, stderr) => {
        const code = err ? (err as { code?: unknown }).code : 0
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr })
      },
    )
  })
}

let bundling: Promise<string> | null = null

/**
 * The CLI bundled as `npm run bundle` bundles the service (dependencies left in node_modules), run on
 * plain Node: the same commands as `runCli`, started in a fraction of the time, for tests that start
 * many processes at once.
 */
export function bundledCli(): Promise<(args: string[]) => Promise<CliResult>> {
  bundling ??= build({
    entryPoints: ['src/cli.ts'],
    outfile: 'dist/test-cli/cli.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  }).then(() => 'dist/test-cli/cli.mjs')
  return bundling.then((file) => (args) => run([file, ...args], {}))
}
