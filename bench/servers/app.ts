/** The service app on a free port, served exactly as `npm start` serves it, for HTTP benchmarks. */
import { loadConfig } from '../../src/config'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import { projectRoot } from '../../src/storage/project-root'
import { nodeAppDeps, serveNodeApp } from '../../src/node'
import { readWebAssets } from '../../src/client-assets/fs-assets'

const config = loadConfig({ ...process.env, HOST: '127.0.0.1' })
// The web client as `npm start` builds it (dist/web); absent, `/` answers 404 and the API is unchanged.
const deps = nodeAppDeps(config, undefined, await readWebAssets(join(projectRoot(), 'dist', 'web')))
const app = createApp(deps)
await app.request('/readyz')
const { address } = await serveNodeApp(app, deps, { ...config, PORT: 0 })
console.log(`listening http://127.0.0.1:${address.port}`)
// Exit cleanly on a signal so that --cpu-prof, when given, writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0))
