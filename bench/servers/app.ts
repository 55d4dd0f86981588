/** The service app on a free port, served exactly as `npm start` serves it, for HTTP benchmarks. */
import { loadConfig } from '../../src/config'
import { createApp } from '../../src/app'
import { nodeAppDeps, serveNodeApp } from '../../src/node'

const config = loadConfig({ ...process.env, HOST: '127.0.0.1' })
const deps = nodeAppDeps(config)
const app = createApp(deps)
await app.request('/readyz')
const { address } = await serveNodeApp(app, deps, { ...config, PORT: 0 })
console.log(`listening http://127.0.0.1:${address.port}`)
// Exit cleanly on a signal so that --cpu-prof, when given, writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0))
