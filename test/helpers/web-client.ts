/**
 * The web client against the real service, for the browser tests, the screenshots and the bench: the client
 * built by the project's own build into a temporary folder, the app with the real lexicon and usage
 * releases, datasets (the real public releases, or synthetic ones a test can replace), and cloud review and
 * transcription configured against the provider double on loopback; and Debian's Chromium driven by
 * playwright-core with a fresh profile.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext } from 'playwright-core'
import { requireTool } from './tools'
import { buildWebClient } from '../../tools/build-web.mjs'
import { createApp } from '../../src/app'
import { privateRoot } from '../../src/releases/ensure-releases'
import { loadConfig } from '../../src/config'
import { createDatasetService } from '../../src/datasets/service'
import { createFsStore } from '../../src/storage/fs-store'
import { readWebAssets } from '../../src/client-assets/fs-assets'
import { argumentKeys, cloudSetup, type ArgumentKeys } from './argument-cloud'
import { TEST_CURSOR_SECRET, tempStores } from './datasets'
import { startFakeProvider, completion, type FakeProvider } from './fake-provider'
import { dataRoot, testLexiconProvider } from './lexicon'
import { startServer } from './server'
import { testUsageProvider } from './usage'
import type { DatasetStores } from '../../src/datasets/storage'

export type WebService = {
  url: string
  keys: ArgumentKeys
  provider: FakeProvider
  /** The dataset stores the app reads (temporary when `datasets: 'synthetic'`). */
  datasetStores: DatasetStores
  /** The built client's folder. */
  webDir: string
  close: () => Promise<void>
}

export async function startWebService(
  options: { datasets?: 'real' | 'synthetic' } = {},
): Promise<WebService> {
  const webDir = await mkdtemp(join(tmpdir(), 'web-client-'))
  await buildWebClient(webDir)
  const provider = await startFakeProvider()
  provider.reply = () => ({ json: { text: 'Most residents support the new park.' } })
  const keys = await argumentKeys()
  const datasetStores: DatasetStores =
    options.datasets === 'synthetic'
      ? await tempStores()
      : { public: createFsStore(dataRoot), private: createFsStore(privateRoot(loadConfig({}))) }
  const server = await startServer(
    createApp({
      lexicon: await testLexiconProvider(),
      usage: await testUsageProvider(),
      argumentCloud: cloudSetup(provider.baseUrl, keys.store, { timeoutMs: 10_000 }),
      datasets: createDatasetService({
        stores: datasetStores,
        keys: keys.store,
        cursorSecret: TEST_CURSOR_SECRET,
      }),
      web: await readWebAssets(webDir),
    }),
  )
  return {
    url: server.url,
    keys,
    provider,
    datasetStores,
    webDir,
    close: async () => {
      await server.close()
      await provider.close()
      await rm(webDir, { recursive: true, force: true })
    },
  }
}

/** A provider answer for a cloud review: one claim quoted from `text`, cited from the source. */
export function reviewCompletion(
  claimQuote: string,
  sourceId: string,
  citation: string,
): Record<string, unknown> {
  return completion({
    claims: [
      {
        quote: claimQuote,
        claim: claimQuote,
        judgment: 'supported',
        explanation: 'The source says the same.',
        citations: [{ sourceId, quote: citation }],
      },
    ],
    termReadings: [],
    overview: 'One central claim, supported by the source.',
  })
}

export const CHROMIUM = '/usr/bin/chromium'

/** Debian's Chromium, headless, with a fresh profile that is removed on close. */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  requireTool('chromium')
  const profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  })
  return {
    context,
    close: async () => {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}
