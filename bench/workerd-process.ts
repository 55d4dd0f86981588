/** The workerd processes this process started (Miniflare runs one), found by their parent in /proc. */
import { readdir, readFile } from 'node:fs/promises'

export async function workerdPids(): Promise<number[]> {
  const pids: number[] = []
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat)
    if (match?.[1] === 'workerd' && Number(match[2]) === process.pid) pids.push(Number(entry))
  }
  return pids
}
