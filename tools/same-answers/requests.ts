/**
 * The fixed, ordered requests `tools/same-answers.ts` sends, in two phases, each against its own freshly
 * prepared service (its own DATA_DIR, or its own workerd), because the two lists need two configurations:
 *
 * - `contract`: every request test/worker/contract.test.ts sends, in its order, under its configuration (no
 *   cloud provider, ARGUMENT_RATE_LIMIT 5/60s, its cursor secret and log key), plus the web client's page and
 *   the assets it names. That suite is a test file (importing it would register its tests), so its list is
 *   written out here; `observation()` is test/consensus/fixture.ts's, copied for the same reason.
 * - `every-route`: bench/every-route.ts's heaviest request of every route (which uses bench/heavy-requests.ts),
 *   imported, under its configuration (the fake provider of test/helpers/fake-provider.ts, a burst limit of
 *   1,000), after its seeding of LIMITS.evidence - 1 observations.
 *
 * Keys: fixed secrets rather than generated ones, with fixed expiry times, so that everything derived from a
 * key (its digest, the pseudonym an observation is logged under) is the same in every run. They are written
 * to DATA_DIR/private/keys.json (Node) or into KV (Workers) before the service starts answering.
 */
import {
  everyRouteCases,
  everyRouteSetup,
  seedObservations,
  type EveryRouteSetup,
  type RouteCase,
} from '../../bench/every-route'
import { observation } from '../../test/helpers/observation'
import { SEMANTIC_BODIES } from '../../test/helpers/semantic-bodies'

export type Kept = ReadonlyMap<string, string>

export type Case = {
  name: string
  method: string
  /** The path, or one made from earlier answers kept by name. */
  path: string | ((kept: Kept) => string)
  headers?: Record<string, string>
  body?: string | Uint8Array | ((kept: Kept) => string)
  /** Keeps the answer's text under this name, for a later case's path or body. */
  keep?: string
  /** The status the list's author expects (bench/every-route.ts states one); another is reported, not fatal. */
  expect?: number
}

/** A key record as DATA_DIR/private/keys.json and the Workers KV namespace hold it. */
export type KeyRecord = { digest: string; active: boolean; expiresAt: number; datasets: string[] }

export type FixedKey = { secret: string; record: KeyRecord }

export type Phase = {
  name: 'contract' | 'every-route'
  /** Environment of the Node server and vars of the worker. */
  settings: Record<string, string>
  /** Burst limit of cloud requests per 60 s: ARGUMENT_RATE_LIMIT on Node, the binding's limit on Workers. */
  rateLimit: number
  keys: FixedKey[]
  /** Which files of data/public the worker's bucket gets (every-route: current releases only). */
  publicOnly?: (path: string) => boolean
  /** Unrecorded set-up against the running service before the cases (every-route: seeding the log). */
  prepare?: (url: string) => Promise<void>
  cases: Case[]
  close: () => Promise<void>
}

/** Far in the future, fixed so that no answer depends on when the keys were made. */
const LATER = Date.UTC(2100, 0, 1)
/** In the past. */
const EARLIER = 1

/** A 43-character URL-safe secret (the length generateSecret gives), fixed by its name. */
function secretNamed(name: string): string {
  return `same-answers-${name}`.padEnd(43, '0')
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Buffer.from(digest).toString('hex')
}

async function fixedKey(
  name: string,
  datasets: string[],
  options: { active?: boolean; expiresAt?: number } = {},
): Promise<FixedKey> {
  const secret = secretNamed(name)
  return {
    secret,
    record: {
      digest: await sha256Hex(secret),
      active: options.active ?? true,
      expiresAt: options.expiresAt ?? LATER,
      datasets,
    },
  }
}

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })
const JSON_TYPE = { 'Content-Type': 'application/json' }

function field(kept: Kept, name: string): Record<string, unknown> {
  return JSON.parse(kept.get(name) ?? '{}') as Record<string, unknown>
}

/** test/worker/contract.test.ts, request by request, in its order. */
export async function contractPhase(): Promise<Phase> {
  const keys = {
    observed: await fixedKey('contract-observed', ['observed-language']),
    contributor: await fixedKey('contract-contributor', ['observations']),
    dictionary: await fixedKey('contract-dictionary', ['dictionary']),
    unscoped: await fixedKey('contract-unscoped', []),
    revoked: await fixedKey('contract-revoked', ['observed-language'], { active: false }),
    expired: await fixedKey('contract-expired', ['observed-language'], { expiresAt: EARLIER }),
  }
  const s = Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, v.secret])) as Record<
    keyof typeof keys,
    string
  >
  const cases: Case[] = []
  const get = (path: Case['path'], extra: Partial<Case> = {}) =>
    cases.push({ name: 'GET', method: 'GET', path, ...extra })
  const send = (method: string, path: string, extra: Partial<Case> = {}) =>
    cases.push({ name: method, method, path, ...extra })
  const postJson = (path: string, json: unknown, extra: Partial<Case> = {}) =>
    send('POST', path, {
      headers: { ...JSON_TYPE, ...extra.headers },
      body: JSON.stringify(json),
      keep: extra.keep,
    })

  // health, readiness, the OpenAPI document, an unknown route
  for (const path of ['/healthz', '/readyz', '/openapi.json', '/no/such/route']) get(path)

  // lexicon routes
  for (const path of [
    '/api/lexicon',
    '/api/lexicon/words?prefix=ban',
    '/api/lexicon/words?prefix=b',
    '/api/lexicon/words/dog',
    '/api/lexicon/words/bank?sense=bank%251%3A17%3A01%3A%3A',
    '/api/lexicon/words/no-such-wordxyz',
  ])
    get(path)
  send('HEAD', '/api/lexicon/words/dog')

  // the legacy word route
  get('/api/words/geese')
  for (const secret of [s.unscoped, s.revoked, s.dictionary])
    get('/api/words/geese', { headers: bearer(secret) })
  get('/api/words/no-such-wordxyz', { headers: bearer(s.dictionary) })

  // usage routes
  get('/api/usage', { keep: 'usage' })
  get((kept) => `/api/usage/scenes?version=${String(field(kept, 'usage').version)}`, { keep: 'scenes' })
  for (const path of [
    '/api/usage/scenes?channel=claim',
    '/api/usage/scenes?channel=bogus',
    '/api/usage/contrasts?channel=message',
    (kept: Kept) => `/api/usage/scenes/${(field(kept, 'scenes').records as { id: string }[])[0]?.id}`,
    '/api/usage/scenes/Not_An_Id',
    '/api/usage/scenes/no-such-scene',
    `/api/usage?version=${'0'.repeat(64)}`,
  ])
    get(path)

  // public dataset routes: catalogue, manifest, pages by cursor, records, downloads with ranges
  get('/api/datasets')
  for (const dataset of ['literary-context', 'association-practice']) {
    get(`/api/datasets/${dataset}`, { keep: `${dataset}:manifest` })
    get(
      (kept) =>
        `/api/datasets/${dataset}/records?version=${String(field(kept, `${dataset}:manifest`).version)}`,
      {
        keep: `${dataset}:page`,
      },
    )
    get(
      (kept) =>
        `/api/datasets/${dataset}/records?cursor=${String(field(kept, `${dataset}:page`).nextCursor)}`,
      {
        keep: `${dataset}:second`,
      },
    )
    get(
      (kept) =>
        `/api/datasets/${dataset}/records/${encodeURIComponent(
          (field(kept, `${dataset}:second`).records as { id: string }[])[0]?.id as string,
        )}`,
    )
    send('HEAD', `/api/datasets/${dataset}/records`)
    send('HEAD', `/api/datasets/${dataset}/download`)
    get(`/api/datasets/${dataset}/download`, { headers: { Range: 'bytes=100-4099' } })
    get(`/api/datasets/${dataset}/download`, { headers: { Range: 'bytes=-50' } })
  }
  get('/api/datasets/literary-context/download')
  for (const path of [
    '/api/datasets/literary-context/records?cursor=not-a-cursor',
    '/api/datasets/literary-context/records?version=abc',
    `/api/datasets/literary-context/records?version=${'0'.repeat(64)}`,
    '/api/datasets/literary-context/records/no-such-record',
    `/api/datasets/literary-context/records/${'x'.repeat(251)}`,
    '/api/datasets/no-such-dataset',
  ])
    get(path)
  send('OPTIONS', '/api/datasets/literary-context/records')
  send('DELETE', '/api/datasets/literary-context/records')

  // the private dataset
  get('/api/datasets/observed-language/records')
  for (const secret of [s.unscoped, s.revoked, s.expired, s.observed, 'x'.repeat(43)])
    get('/api/datasets/observed-language/records', { headers: bearer(secret) })
  get('/api/datasets/observed-language/download', { headers: bearer(s.observed) })

  // argument review: capabilities, local reviews and bad input
  get('/api/argument')
  const review = '/api/argument/review'
  postJson(review, {
    text: 'All 45% of residents support the park. It is "clearly popular".',
    sources: [{ id: 'a', label: 'A', text: 'Residents like the park. About 45% support it.' }],
  })
  postJson(review, { text: 'x'.repeat(12_000) })
  postJson(review, { text: 'x'.repeat(12_001) })
  postJson(review, { text: '' })
  send('POST', review, { body: 'text', headers: { 'Content-Type': 'text/plain' } })
  send('POST', review, { body: '{"text":', headers: JSON_TYPE })
  postJson(review, { text: 'Fine.', pad: 'y'.repeat(450_001) })
  postJson(review, { text: 'Fine.', mode: 'cloud', consent: true })

  // /v1 discovery and the semantic routes
  get('/v1')
  for (const [path, json] of Object.entries(SEMANTIC_BODIES)) postJson(path, json)
  postJson('/v1/resolve', { passage: 'a dog barked', target: { text: 'cat' } })
  get('/v1/resolve')

  // transcription without configuration or key
  send('POST', '/api/argument/transcribe')
  send('POST', '/api/argument/transcribe', { headers: bearer(s.observed) })

  // observations and consensus
  const contributor = bearer(s.contributor)
  get('/v1/releases')
  postJson('/v1/observations', observation())
  postJson('/v1/observations', observation(), { headers: bearer(s.observed) })
  postJson('/v1/observations', observation(), { headers: contributor })
  postJson('/v1/observations', observation(), { headers: contributor })
  postJson(
    '/v1/observations',
    observation(
      { expression: 'banks' },
      { passage: 'Both banks of the river flooded.', span: { start: 5, end: 10 } },
    ),
    { headers: contributor },
  )
  postJson('/v1/observations', observation({ meaning: 'dog%1:05:00::' }), { headers: contributor })
  postJson(
    '/v1/predict/consensus',
    { expression: 'bank', passage: 'They fished from the bank of the river.' },
    { keep: 'predicted' },
  )
  postJson('/v1/predict/consensus', { expression: 'bank', treeSize: 1 })
  postJson('/v1/predict/consensus', { expression: 'bank', treeSize: 99 })
  cases.push({
    name: 'POST',
    method: 'POST',
    path: '/v1/verify/consensus',
    headers: JSON_TYPE,
    body: (kept) => JSON.stringify(JSON.parse(kept.get('predicted') ?? 'null')),
  })
  get('/v1/releases')
  get('/readyz')

  // Beyond the contract suite: the web client's page and the assets it names.
  get('/', { keep: 'page' })
  for (let i = 0; i < 4; i++)
    get((kept) => webAssets(kept.get('page') ?? '')[i] ?? '/assets/none', { name: `GET web asset ${i}` })

  for (const c of cases) if (c.name === c.method) c.name = `${c.method} (contract)`
  return {
    name: 'contract',
    settings: {
      CURSOR_SECRET: 'contract-cursor-secret-of-at-least-32-characters',
      LOG_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOG_ORIGIN: 'contract.example/observations',
    },
    rateLimit: 5,
    keys: Object.values(keys),
    cases,
    close: async () => {},
  }
}

/** The /assets/ paths the web client's page names, in order, each once. */
function webAssets(html: string): string[] {
  return [...new Set([...html.matchAll(/["'](\/assets\/[^"'?#]+)["']/g)].map((m) => m[1] as string))]
}

/** A Lexicon as bench/every-route.ts wants it, from wherever the restructure put loadBuiltLexicon. */
type LoadBuiltLexicon = () => Promise<{ lexicon: Parameters<typeof everyRouteCases>[0] }>

async function loadBuiltLexicon(): Promise<LoadBuiltLexicon> {
  const tried: string[] = []
  for (const candidate of ['../../src/build/built-lexicon.ts', '../../src/releases/built-lexicon.ts']) {
    const url = new URL(candidate, import.meta.url)
    try {
      const module = (await import(url.href)) as { loadBuiltLexicon?: LoadBuiltLexicon }
      if (module.loadBuiltLexicon) return module.loadBuiltLexicon
      tried.push(`${candidate}: no loadBuiltLexicon`)
    } catch (err) {
      tried.push(`${candidate}: ${String(err).split('\n')[0]}`)
    }
  }
  throw new Error(`loadBuiltLexicon not found:\n  ${tried.join('\n  ')}`)
}

function routeCase(c: RouteCase): Case {
  return {
    name: c.name,
    method: c.method,
    path: c.path,
    ...(c.headers && { headers: c.headers }),
    ...(c.body !== undefined && { body: c.body }),
    ...(c.keep && { keep: c.keep }),
    expect: c.status,
  }
}

/** bench/every-route.ts's list, with this tool's fixed keys in place of the generated ones. */
export async function everyRoutePhase(): Promise<Phase> {
  const settings = {
    CURSOR_SECRET: 'every-route-cursor-secret-of-32-characters-or-more',
    LOG_SIGNING_KEY: Buffer.alloc(32, 11).toString('base64'),
  }
  const setup: EveryRouteSetup = await everyRouteSetup(settings)
  const keys = {
    dictionary: await fixedKey('every-route-dictionary', ['dictionary']),
    observed: await fixedKey('every-route-observed', ['observed-language']),
    contributor: await fixedKey('every-route-contributor', ['observations']),
    reviewer: await fixedKey('every-route-reviewer', ['argument-review']),
  }
  setup.secrets = {
    dictionary: keys.dictionary.secret,
    observed: keys.observed.secret,
    contributor: keys.contributor.secret,
    reviewer: keys.reviewer.secret,
  }
  const load = await loadBuiltLexicon()
  const cases = (await everyRouteCases((await load()).lexicon, setup)).map(routeCase)
  return {
    name: 'every-route',
    // The worker's settings: the cursor secret, the log key and the provider double's address and model.
    settings: setup.worker.settings,
    rateLimit: 1_000,
    keys: Object.values(keys),
    ...(setup.worker.publicOnly && { publicOnly: setup.worker.publicOnly }),
    prepare: (url) => seedObservations(url, setup),
    cases,
    close: () => setup.provider.close(),
  }
}

/** The provider double's origin (a free port, so it differs between runs), for normalisation. */
export function providerOrigin(phase: Phase): string | undefined {
  const base = phase.settings.ARGUMENT_PROVIDER_BASE_URL
  return base ? new URL(base).origin : undefined
}
