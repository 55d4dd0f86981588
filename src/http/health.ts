/**
 * Liveness and readiness. Readiness waits for every release the service must verify before serving, and
 * for a key store that can be read.
 */
import { createRoute, z } from '@hono/zod-openapi'
import { CachePolicy, cacheControl } from './cache'
import { errorResponses, GET_ONLY } from './errors'
import { createRouter } from './router'

export type ReadinessCheck = { name: string; check: () => Promise<{ ready: boolean; detail: string }> }

const HealthSchema = z.object({ status: z.literal('ok') }).openapi('Health')
const ReadySchema = z
  .object({
    status: z.enum(['ready', 'not-ready']),
    checks: z.array(z.object({ name: z.string(), ready: z.boolean(), detail: z.string() })),
  })
  .openapi('Readiness')

export function healthRoutes(checks: ReadinessCheck[]) {
  const app = createRouter()
  app.use('/healthz', cacheControl(CachePolicy.noStore))
  app.use('/readyz', cacheControl(CachePolicy.noStore))
  app.openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      operationId: 'getHealth',
      tags: ['Operations'],
      summary: 'Liveness: the process answers',
      security: [],
      responses: {
        200: { description: 'Alive.', content: { 'application/json': { schema: HealthSchema } } },
        ...errorResponses(GET_ONLY),
      },
    }),
    (c) => c.json({ status: 'ok' as const }, 200),
  )
  app.openapi(
    createRoute({
      method: 'get',
      path: '/readyz',
      operationId: 'getReadiness',
      tags: ['Operations'],
      summary: 'Readiness: every release loaded and verified',
      security: [],
      responses: {
        200: { description: 'Ready to serve.', content: { 'application/json': { schema: ReadySchema } } },
        503: {
          description: 'Not ready yet, a release failed verification, or the key store cannot be read.',
          content: { 'application/json': { schema: ReadySchema } },
        },
        ...errorResponses(GET_ONLY),
      },
    }),
    async (c) => {
      const results = await Promise.all(checks.map(async (k) => ({ name: k.name, ...(await k.check()) })))
      const ready = results.every((r) => r.ready)
      c.header('Cache-Control', 'no-store')
      return ready
        ? c.json({ status: 'ready' as const, checks: results }, 200)
        : c.json({ status: 'not-ready' as const, checks: results }, 503)
    },
  )
  return app
}
