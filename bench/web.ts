/**
 * Web client benchmark: how soon the first view is interactive in Debian's Chromium on loopback (the page's
 * own `app-interactive` Performance mark, set when the app has mounted; goal < 500 ms), beside a blank
 * static page served by bare node:http in the same run; and the size of the JavaScript and CSS the page
 * loads, raw and gzip-compressed (goal: JavaScript < 60 KB compressed). Every load starts with the
 * browser's cache disabled, as a first visit.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BrowserContext } from 'playwright-core'
import { buildWebClient } from '../tools/build-web.mjs'
import { projectRoot } from '../src/storage/project-root'
import { launchChromium } from '../test/helpers/web-client'
import { bareServer, fmt, spawnServer, table } from './harness'

const LOADS = 15
const BLANK =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title></head><body><p>blank</p></body></html>'

type Sample = { interactive: number; domContentLoaded: number; load: number }

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

function worst(values: number[]): number {
  return Math.max(...values)
}

/** Loads `url` LOADS times in fresh pages with the cache off; `ready` is the first-view interactive time. */
async function measure(context: BrowserContext, url: string, app: boolean): Promise<Sample[]> {
  const samples: Sample[] = []
  for (let i = 0; i < LOADS + 2; i++) {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    await page.goto(url, { waitUntil: 'load' })
    if (app) await page.locator('html[data-ready="true"]').waitFor()
    const sample = await page.evaluate((isApp) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      const mark = performance.getEntriesByName('app-interactive')[0]
      return {
        interactive: isApp ? (mark?.startTime ?? NaN) : nav.domInteractive,
        domContentLoaded: nav.domContentLoadedEventEnd,
        load: nav.loadEventEnd,
      }
    }, app)
    // The first two loads warm the server and the browser process; they are not counted.
    if (i >= 2) samples.push(sample)
    await page.close()
  }
  return samples
}

export async function run(): Promise<void> {
  const built = await buildWebClient()
  const dir = join(projectRoot(), 'dist', 'web')
  const script = await readFile(join(dir, built.script))
  const style = await readFile(join(dir, built.style))
  const page = await readFile(join(dir, built.index))
  const gz = (b: Uint8Array) => gzipSync(b, { level: 9 }).byteLength / 1024

  const service = await spawnServer('bench/servers/app.ts')
  const blank = await bareServer(BLANK, 'text/html; charset=utf-8')
  const browser = await launchChromium()
  try {
    const app = await measure(browser.context, `${service.url}/`, true)
    const base = await measure(browser.context, `${blank.url}/`, false)
    const row = (name: string, s: Sample[]) => [
      name,
      fmt(median(s.map((x) => x.interactive))),
      fmt(worst(s.map((x) => x.interactive))),
      fmt(median(s.map((x) => x.domContentLoaded))),
      fmt(median(s.map((x) => x.load))),
    ]
    table(
      `First view in Chromium on loopback, cache disabled (${LOADS} loads each, ms from navigation start)`,
      [
        ['page', 'interactive median', 'interactive worst', 'DOMContentLoaded median', 'load median'],
        row('web client at / (app-interactive mark)', app),
        row('baseline: blank page, bare node:http (domInteractive)', base),
      ],
    )
    console.log(
      `\ngoal: first view interactive < 500 ms (median ${fmt(median(app.map((x) => x.interactive)))} ms)`,
    )
    table('Web client assets (KB = 1,024 bytes)', [
      ['file', 'raw KB', 'gzip -9 KB'],
      [built.script, fmt(script.byteLength / 1024), fmt(gz(script))],
      [built.style, fmt(style.byteLength / 1024), fmt(gz(style))],
      [built.index, fmt(page.byteLength / 1024), fmt(gz(page))],
    ])
    console.log(`\ngoal: JavaScript < 60 KB compressed (${fmt(gz(script))} KB)`)
  } finally {
    await browser.close()
    await blank.close()
    await service.close()
  }
}
