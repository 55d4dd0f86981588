/** The operator CLI (src/cli.ts) run as a subprocess, as an operator runs it: its exit code and output. */
import { execFile } from 'node:child_process'

export type CliResult = { code: number; stdout: string; stderr: string }

export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { env: { ...process.env, ...env }, maxBuffer: 16 * 2 ** 20 },
      (err, stdout, stderr) => {
        const code = err ? (err as { code?: unknown }).code : 0
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr })
      },
    )
  })
}
