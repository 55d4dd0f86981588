/**
 * The Node entry point: validates configuration, makes sure the releases exist in DATA_DIR (building what is
 * missing), and serves the app with @hono/node-server on HOST:PORT.
 */
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { cloudSetupFromConfig } from './argument/cloud/config-setup'
import { createFileKeyStore } from './auth/fs-key-store'
import { ensureReleases, privateRoot, publicRoot } from './build/ensure-releases'
import { ConfigError, loadConfig, type ServiceConfig } from './config'
import { createDatasetService } from './datasets/service'
import { openNodeObservationLog } from './consensus/node-log'
import { createLogProvider } from './consensus/provider'
import { createLexiconProvider } from './lexicon/release'
import { createFsStore } from './storage/fs-store'
import { createUsageProvider } from './usage/release'

export function createNodeApp(
  config: ServiceConfig,
  log: (line: string) => void = (line) => console.log(line),
) {
  const store = createFsStore(publicRoot(config))
  const privateStore = createFsStore(privateRoot(config))
  const recheckMs = config.RELEASE_RECHECK_MS
  const keys = createFileKeyStore(privateStore)
  return createApp({
    lexicon: createLexiconProvider(store, { recheckMs }),
    usage: createUsageProvider(store, { recheckMs }),
    argumentCloud: cloudSetupFromConfig(config, keys),
    datasets: createDatasetService({
      stores: { public: store, private: privateStore },
      keys,
      cursorSecret: config.CURSOR_SECRET,
    }),
    consensus: {
      log: createLogProvider(() => openNodeObservationLog(config, log)),
      keys,
    },
  })
}

async function main(): Promise<void> {
  let config: ServiceConfig
  try {
    config = loadConfig(process.env)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(2)
    }
    throw err
  }
  await ensureReleases(config, { hashes: false, log: (line) => console.log(line) })
  const app = createNodeApp(config)
  // Load and verify before listening, so the first request does not pay for it.
  await app.request('/readyz')
  const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, (info) => {
    console.log(`lexicon-service listening on http://${config.HOST}:${info.port}`)
  })
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
