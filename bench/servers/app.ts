/** The service app on @hono/node-server on a free port, for HTTP benchmarks. */
import { serve } from '@hono/node-server'
import { loadConfig } from '../../src/config'
import { createNodeApp } from '../../src/node'

const app = createNodeApp(loadConfig(process.env))
await app.request('/readyz')
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  console.log(`listening http://127.0.0.1:${info.port}`)
})
// Exit cleanly on a signal so that --cpu-prof, when given, writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0))
