/**
 * `GET /v1` (capabilities) and `GET /v1/releases` (release records), over the routes and releases the
 * composition root assembled from the features' extensions. Both answer `public, max-age=300`.
 */
import { createRoute, type z } from '@hono/zod-openapi'
import { CachePolicy, cacheControl } from '../http/cache'
import { errorResponses, GET_ONLY } from '../http/errors'
import { createRouter } from '../http/router'
import { capabilities } from './discovery'
import { CapabilitiesSchema, ReleasesResultSchema } from './discovery-schemas'
import { assembleV1, describeReleases, type V1Extension } from './releases'

export type V1Deps = {
  interfaceVersion: string
  /** The largest JSON body a `/v1` POST route takes, as the capability document states it. */
  maxBodyBytes: number
  /** Each feature's routes and releases, in the order they are listed. */
  extensions: readonly V1Extension[]
}

const INTERNAL =
  'The service failed to answer (`internal_error`); an unavailable release is a record, not an error.'

function ok<T extends z.ZodType>(description: string, schema: T) {
  return { 200: { description, content: { 'application/json': { schema } } } }
}

const capabilitiesRoute = createRoute({
  method: 'get',
  path: '/v1',
  operationId: 'getDiscovery',
  tags: ['Semantic'],
  security: [],
  summary: 'Semantic capability discovery',
  responses: {
    ...ok('Routes, bounds, meanings and releases.', CapabilitiesSchema),
    ...errorResponses({ ...GET_ONLY, 500: INTERNAL }),
  },
})

const releasesRoute = createRoute({
  method: 'get',
  path: '/v1/releases',
  operationId: 'listReleases',
  tags: ['Semantic'],
  security: [],
  summary: 'Release records the semantic routes rest on',
  responses: {
    ...ok('Each release with its version hash and attribution.', ReleasesResultSchema),
    ...errorResponses({ ...GET_ONLY, 500: INTERNAL }),
  },
})

export function v1Routes(deps: V1Deps) {
  const app = createRouter()
  const { routes, releases } = assembleV1(deps.extensions)

  app.use('/v1', cacheControl(CachePolicy.shortLived))
  app.use('/v1/releases', cacheControl(CachePolicy.shortLived))

  app.openapi(capabilitiesRoute, async (c) =>
    c.json(
      capabilities(deps.interfaceVersion, deps.maxBodyBytes, routes, await describeReleases(releases)),
      200,
    ),
  )
  app.openapi(releasesRoute, async (c) => c.json({ releases: await describeReleases(releases) }, 200))
  return app
}
