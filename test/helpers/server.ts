/** Starts an app on a real HTTP server on loopback, on a free port, for tests that go through the wire. */
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'

export type TestServer = { url: string; close: () => Promise<void> }

export async function startServer(app: {
  fetch: (req: Request) => Response | Promise<Response>
}): Promise<TestServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}
