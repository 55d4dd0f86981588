/**
 * The authored-usage routes of the contract (section 4.2): the release manifest, scenes and contrasts by
 * channel, and one scene. No key; short-lived caching; a `version` other than the current one answers 409
 * so that a client never mixes records of two releases.
 */
import { createRoute, type z } from '@hono/zod-openapi'
import { CachePolicy, cacheControl } from '../http/cache'
import { apiError, errorResponses } from '../http/errors'
import { createRouter } from '../http/router'
import { requireReady } from '../http/unavailable'
import { readUsage, type UsageCatalog } from './catalog'
import { USAGE_UNAVAILABLE, type UsageProvider } from './release'
import {
  SceneParamsSchema,
  USAGE_STATUS,
  UsageContrastListSchema,
  UsageListQuerySchema,
  UsageManifestSchema,
  UsageSceneListSchema,
  UsageSceneResultSchema,
  UsageVersionQuerySchema,
} from './schemas'

const UNAVAILABLE =
  'The usage release is not published, or one of its files is missing or failed its integrity check.'
const STALE = 'The `version` given is not the current release: restart from `GET /api/usage`.'
const BAD_CHANNEL = 'Unknown `channel` (one of caption, message, claim, community).'

/** The verified current release, checked against the `version` the client pinned, if any. */
async function requireUsage(provider: UsageProvider, version: string | undefined): Promise<UsageCatalog> {
  const state = requireReady(await provider.current(), USAGE_UNAVAILABLE)
  const current = state.catalog.manifest.version
  if (version !== undefined && version !== current) {
    throw apiError(409, 'version_not_current', 'The requested usage version is not the current release.', {
      hint: `Restart from GET /api/usage (current version ${current}) and do not merge records from different releases.`,
    })
  }
  return state.catalog
}

/** The usage list result (spec 2.2). */
function listResult<T>(catalog: UsageCatalog, records: readonly T[]) {
  const { version, source } = catalog.manifest
  return { release: version, status: USAGE_STATUS, source, count: records.length, records: [...records] }
}

const versionRequest = { query: UsageVersionQuerySchema }

const manifestRoute = createRoute({
  method: 'get',
  path: '/api/usage',
  operationId: 'getUsageManifest',
  tags: ['Authored usage'],
  summary: 'The current authored-usage release manifest',
  security: [],
  description:
    'Version, coverage (counts per channel and kind), limitations, provenance and the SHA-256 and byte length of every release file. The material is unreviewed editorial teaching text: its status is always `editorial-preview`.',
  request: versionRequest,
  responses: {
    200: {
      description: 'The release manifest.',
      content: { 'application/json': { schema: UsageManifestSchema } },
    },
    ...errorResponses({ 409: STALE, 503: UNAVAILABLE }),
  },
})

/** `GET /api/usage/{kind}`: the usage list result (spec 2.2) of one kind, optionally by channel. */
function listRoute<K extends 'scenes' | 'contrasts', S extends z.ZodType>(
  kind: K,
  schema: S,
  operationId: string,
  summary: string,
) {
  return createRoute({
    method: 'get',
    path: `/api/usage/${kind}` as `/api/usage/${K}`,
    operationId,
    tags: ['Authored usage'],
    summary,
    security: [],
    request: { query: UsageListQuerySchema },
    responses: {
      200: {
        description: `The ${kind} of the release, in id order.`,
        content: { 'application/json': { schema } },
      },
      ...errorResponses({ 400: BAD_CHANNEL, 409: STALE, 503: UNAVAILABLE }),
    },
  })
}

const scenesRoute = listRoute(
  'scenes',
  UsageSceneListSchema,
  'listUsageScenes',
  'Scenes: everyday situations told three ways',
)
const contrastsRoute = listRoute(
  'contrasts',
  UsageContrastListSchema,
  'listUsageContrasts',
  'Contrasts: words people confuse or choose between',
)

const sceneRoute = createRoute({
  method: 'get',
  path: '/api/usage/scenes/{id}',
  operationId: 'getUsageScene',
  tags: ['Authored usage'],
  summary: 'One scene',
  security: [],
  request: { params: SceneParamsSchema, ...versionRequest },
  responses: {
    200: { description: 'The scene.', content: { 'application/json': { schema: UsageSceneResultSchema } } },
    ...errorResponses({
      400: 'The id does not match `^[a-z]+(?:-[a-z]+)*$`.',
      404: 'No scene with this id in the current release.',
      409: STALE,
      503: UNAVAILABLE,
    }),
  },
})

export function usageRoutes(provider: UsageProvider) {
  const app = createRouter()
  app.use('/api/usage', cacheControl(CachePolicy.shortLived))
  app.use('/api/usage/*', cacheControl(CachePolicy.shortLived))

  app.openapi(manifestRoute, async (c) => {
    const catalog = await requireUsage(provider, c.req.valid('query').version)
    return c.json(catalog.manifest, 200)
  })

  app.openapi(scenesRoute, async (c) => {
    const { version, channel } = c.req.valid('query')
    const catalog = await requireUsage(provider, version)
    return c.json(listResult(catalog, await readUsage(catalog, (read) => read.scenes(channel))), 200)
  })

  app.openapi(contrastsRoute, async (c) => {
    const { version, channel } = c.req.valid('query')
    const catalog = await requireUsage(provider, version)
    return c.json(listResult(catalog, await readUsage(catalog, (read) => read.contrasts(channel))), 200)
  })

  app.openapi(sceneRoute, async (c) => {
    const { id } = c.req.valid('param')
    const catalog = await requireUsage(provider, c.req.valid('query').version)
    const scene = await readUsage(catalog, (read) => read.scene(id))
    if (!scene) {
      throw apiError(404, 'scene_not_found', `No scene "${id}" in the current usage release.`, {
        hint: 'GET /api/usage/scenes lists the scenes and their ids.',
      })
    }
    const { version: release, source } = catalog.manifest
    return c.json({ release, status: USAGE_STATUS, source, scene }, 200)
  })
  return app
}
