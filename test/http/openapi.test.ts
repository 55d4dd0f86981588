/**
 * The OpenAPI document is generated from the same schemas that validate requests; this checks that it is
 * complete: every route the fully wired service answers is described, with its method and error statuses.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { loadConfig } from '../../src/config'
import { createNodeApp } from '../../src/node'

type Operation = { responses?: Record<string, unknown> }
type Document = {
  openapi: string
  info: { version: string }
  paths: Record<string, Record<string, Operation>>
}

describe('OpenAPI document', () => {
  it('describes every route of the service with its error statuses', async () => {
    const app = await createNodeApp(loadConfig({}))
    const doc = (await (await app.request('/openapi.json')).json()) as Document
    assert.equal(doc.openapi, '3.1.0')
    assert.equal(doc.info.version, '1.0.0')
    // A path ending in '/' answers an empty trailing parameter (a 0-character record id) with its 400: it is
    // the documented route with that parameter empty, not a route of its own.
    const routes = app.routes.filter(
      (r) => r.method !== 'ALL' && r.path !== '/openapi.json' && !r.path.endsWith('/'),
    )
    assert.ok(routes.length > 10, 'the app registers its routes')
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')
      const operation = doc.paths[path]?.[route.method.toLowerCase()]
      assert.ok(operation, `${route.method} ${path} is missing from /openapi.json`)
      const statuses = Object.keys(operation.responses ?? {})
      assert.ok(
        statuses.some((s) => s.startsWith('2')),
        `${route.method} ${path} has no success response`,
      )
      if (path !== '/healthz' && path !== '/openapi.json') {
        assert.ok(
          statuses.some((s) => /^[45]/.test(s)),
          `${route.method} ${path} documents no error status`,
        )
      }
    }
  })
})
