/**
 * The heaviest valid request of every route of the contract and of `/v1`, GET, HEAD, OPTIONS and POST, with
 * the status each must answer: the list `npm run bench -- worker` and test/worker/every-route-memory.test.ts
 * send to one worker under an isolate's heap limit. "Heaviest" is found in the releases themselves where it
 * depends on them (the word of most meanings, the longest record, the largest scene, the widest prefix
 * range, the largest dataset file) and sits at every bound of the spec where a body carries it. Keyed routes
 * get keys in KV, the cloud routes a provider double on loopback answering at their bounds, the consensus
 * routes a log of LIMITS.evidence maximal observations.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ARGUMENT_LIMITS, TRANSCRIPTION_LIMITS } from '../src/argument/limits'
import { generateSecret, secretDigest, type KeyRecord } from '../src/auth/keys'
import { LIMITS } from '../src/consensus/schemas'
import { allLemmas, lemmaPrefixRange, senseKey, sensesOf, type Lexicon } from '../src/lexicon/lexicon'
import { silentWav } from '../test/helpers/speech-audio'
import { startFakeProvider, type FakeProvider } from '../test/helpers/fake-provider'
import type { WorkerOptions } from '../test/helpers/worker'
import type { ArgumentInput } from '../src/argument/schemas'
import { twelveClaimAnswer } from './argument-cloud'
import { heavyRequests, proseOf, type HeavyRequest } from './heavy-requests'
import { fetchAgain } from '../test/helpers/fetch-again'

export type RouteCase = {
  name: string
  method: 'GET' | 'HEAD' | 'OPTIONS' | 'POST'
  path: string
  headers?: Record<string, string>
  /** The body, or one made from the answers of earlier cases kept by name. */
  body?: string | Uint8Array<ArrayBuffer> | ((kept: ReadonlyMap<string, string>) => string)
  /** Keeps the answer's text under this name, for a later case's body. */
  keep?: string
  status: number
}

/** A description of 200 characters whose common words read the most of the definitions' index. */
const WIDEST_DESCRIPTION =
  'a large person or thing used to make part of a small body of water, with one form of the act of having an animal or plant in a place or state where people give time and work for the use of other people'.slice(
    0,
    200,
  )

/** The keys, the provider double and the worker's settings the list needs. */
export type EveryRouteSetup = {
  provider: FakeProvider
  secrets: Record<'dictionary' | 'observed' | 'contributor' | 'reviewer', string>
  /** Options for startWorker: the releases of ./data (current ones only), these keys, the provider. */
  worker: WorkerOptions
}

const DATA = 'data'

type Pointer = { version: string }

async function jsonFile<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T
}

/** Which public files to upload: not the dataset releases no pointer names (./data keeps older ones). */
async function currentOnly(): Promise<(path: string) => boolean> {
  const current = new Set<string>()
  for (const dataset of ['literary-context', 'association-practice']) {
    const { version } = await jsonFile<Pointer>(join(DATA, 'public/datasets', dataset, 'current.json'))
    current.add(`datasets/${dataset}/releases/${version}/`)
  }
  return (path) => {
    const release = /^datasets\/[^/]+\/releases\/[^/]+\//.exec(path)?.[0]
    return release === undefined || current.has(release)
  }
}

async function keyOf(datasets: string[]): Promise<{ secret: string; record: KeyRecord }> {
  const secret = generateSecret()
  const record = {
    digest: await secretDigest(secret),
    active: true,
    expiresAt: Date.now() + 3_600_000,
    datasets,
  }
  return { secret, record }
}

/** Keys of every scope, the provider double (everyRouteCases sets its answers) and the worker's options. */
export async function everyRouteSetup(settings: Record<string, string>): Promise<EveryRouteSetup> {
  const provider = await startFakeProvider()
  const keys = {
    dictionary: await keyOf(['dictionary']),
    observed: await keyOf(['observed-language']),
    contributor: await keyOf(['observations']),
    reviewer: await keyOf(['argument-review']),
  }
  return {
    provider,
    secrets: {
      dictionary: keys.dictionary.secret,
      observed: keys.observed.secret,
      contributor: keys.contributor.secret,
      reviewer: keys.reviewer.secret,
    },
    worker: {
      publicDir: join(DATA, 'public'),
      privateDir: join(DATA, 'private'),
      publicOnly: await currentOnly(),
      keys: Object.values(keys).map((k) => k.record),
      settings: {
        ...settings,
        ARGUMENT_PROVIDER_API_KEY: `sk-bench-${'e'.repeat(40)}`,
        ARGUMENT_PROVIDER_BASE_URL: provider.baseUrl,
        ARGUMENT_MODEL: 'bench-review-model',
      },
      // Above the cases here, so the burst limiter never answers 429 in the list.
      rateLimit: 1_000,
    },
  }
}

/** The word of most meanings, and its last meaning's key. */
function mostMeanings(lexicon: Lexicon): { word: string; count: number; lastSense: string } {
  let word = ''
  let senses: readonly number[] = []
  for (const lemma of allLemmas(lexicon)) {
    const own = sensesOf(lexicon, lemma)
    if (own.length > senses.length) [word, senses] = [lemma, own]
  }
  return { word, count: senses.length, lastSense: senseKey(lexicon, senses[senses.length - 1] as number) }
}

/**
 * The prefix of the widest alphabetical range a search scans: prefixes of two and three characters come
 * from a table, longer ones scan their range, which is widest for some four-character prefix.
 */
function widestPrefix(lexicon: Lexicon): { prefix: string; lemmas: number } {
  const seen = new Set<string>()
  let best = { prefix: '', lemmas: 0 }
  for (const lemma of allLemmas(lexicon)) {
    const prefix = lemma.slice(0, 4)
    if (prefix.length < 4 || seen.has(prefix)) continue
    seen.add(prefix)
    const [start, end] = lemmaPrefixRange(lexicon, prefix)
    if (end - start > best.lemmas) best = { prefix, lemmas: end - start }
  }
  return best
}

/** The id of the longest line of a dataset's current records, and the file's size. */
async function datasetExtremes(
  root: string,
  dataset: string,
): Promise<{ longestId: string; longestBytes: number; fileBytes: number }> {
  const { version } = await jsonFile<Pointer>(join(root, 'datasets', dataset, 'current.json'))
  const records = await readFile(join(root, 'datasets', dataset, 'releases', version, 'records.jsonl'))
  let longest = Buffer.alloc(0)
  for (
    let start = 0, end = records.indexOf(10);
    end !== -1;
    start = end + 1, end = records.indexOf(10, start)
  )
    if (end - start > longest.length) longest = records.subarray(start, end)
  const { id } = JSON.parse(longest.toString('utf8')) as { id: string }
  return { longestId: id, longestBytes: longest.length, fileBytes: records.length }
}

/** The id of the usage release's largest scene. */
async function largestScene(): Promise<string> {
  const { version } = await jsonFile<Pointer>(join(DATA, 'public/usage/current.json'))
  const scenes = await jsonFile<Array<{ id: string }>>(
    join(DATA, 'public/usage/releases', version, 'scenes.json'),
  )
  return scenes.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a)).id
}

/** A passage of the book at the consensus bound, from `from` on, ending in "bank". */
function bankPassage(from: number): string {
  const ending = ' by the bank.'
  return proseOf(LIMITS.passage - ending.length, Infinity, from) + ending
}

/** A maximal observation of "bank": passage, label and URL at their bounds, the passage from `from` on. */
function bankObservation(from: number): string {
  const passage = bankPassage(from)
  const start = passage.length - 'bank.'.length
  return JSON.stringify({
    expression: 'bank',
    meaning: 'bank%1:17:01::',
    source: {
      label: `Moby-Dick from character ${from} `.padEnd(LIMITS.label, '.'),
      url: `https://example.org/moby-dick/${from}?`.padEnd(LIMITS.url, 'x'),
      passage,
      span: { start, end: start + 4 },
    },
    mayShare: true,
  })
}

/**
 * Fills the worker's log up to LIMITS.evidence - 1 maximal observations of "bank" (the list's own adds the
 * last), so the consensus read counts, proves and returns as many entries as it ever does.
 */
export async function seedObservations(url: string, setup: EveryRouteSetup): Promise<void> {
  for (let i = 1; i < LIMITS.evidence; i++) {
    const response = await fetch(`${url}/v1/observations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${setup.secrets.contributor}` },
      body: bankObservation(i * 2_500),
    })
    await response.arrayBuffer()
    if (response.status !== 201) throw new Error(`observation ${i} answered ${response.status}`)
  }
}

/** A multipart body of exactly the transcription bound: one WAV file, silence after its header. */
function largestUpload(): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = 'every-route-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="speech.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const file = silentWav(TRANSCRIPTION_LIMITS.maxRequestBytes - head.length - tail.length)
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/**
 * Every route's heaviest request, in an order that needs no other state: consensus after the observations
 * it counts, verification of the consensus read's answer. Also sets the provider double's answers.
 */
export async function everyRouteCases(lexicon: Lexicon, setup: EveryRouteSetup): Promise<RouteCase[]> {
  const word = mostMeanings(lexicon)
  const prefix = widestPrefix(lexicon)
  const literary = await datasetExtremes(join(DATA, 'public'), 'literary-context')
  const practice = await datasetExtremes(join(DATA, 'public'), 'association-practice')
  const observed = await datasetExtremes(join(DATA, 'private'), 'observed-language')
  const largest = literary.fileBytes >= practice.fileBytes ? 'literary-context' : 'association-practice'
  const largestBytes = Math.max(literary.fileBytes, practice.fileBytes)
  const scene = await largestScene()

  const heavy = heavyRequests()
  const local = heavy.find((h) => h.path === '/api/argument/review') as HeavyRequest
  const review = JSON.parse(local.body) as ArgumentInput
  const transcript = proseOf(ARGUMENT_LIMITS.text.maxCharacters, ARGUMENT_LIMITS.text.maxSentences, 400_000)
  setup.provider.reply = (call) =>
    call.path.endsWith('/audio/transcriptions')
      ? { json: { text: transcript } }
      : { raw: twelveClaimAnswer(review), headers: { 'Content-Type': 'application/json' } }
  const upload = largestUpload()

  const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })
  const json = { 'Content-Type': 'application/json' }
  const get = (name: string, path: string, status = 200, headers?: Record<string, string>): RouteCase[] => [
    { name, method: 'GET', path, status, ...(headers && { headers }) },
    { name, method: 'HEAD', path, status, ...(headers && { headers }) },
  ]
  const post = (name: string, path: string, body: RouteCase['body'], status = 200): RouteCase => ({
    name,
    method: 'POST',
    path,
    headers: json,
    body,
    status,
  })
  const wordPath = `/api/lexicon/words/${encodeURIComponent(word.word)}`
  const sensePath = `${wordPath}?sense=${encodeURIComponent(word.lastSense)}`
  const records = (dataset: string) => `/api/datasets/${dataset}/records`
  return [
    ...get('health', '/healthz'),
    ...get('readiness (every release and the log)', '/readyz'),
    ...get('OpenAPI document', '/openapi.json'),
    ...get('lexicon manifest', '/api/lexicon'),
    ...get(
      `prefix search "${prefix.prefix}" (widest range: ${prefix.lemmas} lemmas)`,
      `/api/lexicon/words?prefix=${prefix.prefix}`,
    ),
    ...get('prefix search, 2 characters (table)', '/api/lexicon/words?prefix=co'),
    ...get('word search: a pattern that reads every line', '/api/lexicon/search?spelled=*zzq*&limit=100'),
    ...get(
      'word search: means at 200 characters, 100 words',
      `/api/lexicon/search?means=${encodeURIComponent(WIDEST_DESCRIPTION)}&limit=100`,
    ),
    ...get('word search: 100 rhymes', '/api/lexicon/search?rhymes=light&limit=100'),
    ...get('word search: sounds like, 100 words', '/api/lexicon/search?sounds=nt&limit=100'),
    ...get(`word "${word.word}" (${word.count} meanings)`, wordPath),
    ...get(`word "${word.word}" with its last meaning`, sensePath),
    ...get(
      `legacy word "${word.word}" (dictionary key)`,
      `/api/words/${encodeURIComponent(word.word)}`,
      200,
      bearer(setup.secrets.dictionary),
    ),
    ...get('usage manifest', '/api/usage'),
    ...get('usage: every scene', '/api/usage/scenes'),
    ...get('usage: every contrast', '/api/usage/contrasts'),
    ...get(`usage: largest scene (${scene})`, `/api/usage/scenes/${scene}`),
    ...get('dataset catalogue', '/api/datasets'),
    ...get('literary-context manifest', '/api/datasets/literary-context'),
    {
      name: 'a dataset route (preflight)',
      method: 'OPTIONS',
      path: records('literary-context'),
      status: 204,
    },
    ...get('literary-context page of 100 records', `${records('literary-context')}?limit=100`),
    ...get(
      `literary-context longest record (${literary.longestBytes} bytes)`,
      `${records('literary-context')}/${encodeURIComponent(literary.longestId)}`,
    ),
    ...get(
      `association-practice longest record (${practice.longestBytes} bytes)`,
      `${records('association-practice')}/${encodeURIComponent(practice.longestId)}`,
    ),
    ...get(`download of ${largest} (${largestBytes} bytes)`, `/api/datasets/${largest}/download`),
    ...get(
      `download of ${largest} with Range bytes=1- (all but one byte)`,
      `/api/datasets/${largest}/download`,
      206,
      { Range: 'bytes=1-' },
    ),
    ...get(
      'observed-language page of 100 (key)',
      `${records('observed-language')}?limit=100`,
      200,
      bearer(setup.secrets.observed),
    ),
    ...get(
      `observed-language longest record (${observed.longestBytes} bytes, key)`,
      `${records('observed-language')}/${encodeURIComponent(observed.longestId)}`,
      200,
      bearer(setup.secrets.observed),
    ),
    ...get(
      `observed-language download (${observed.fileBytes} bytes, key)`,
      '/api/datasets/observed-language/download',
      200,
      bearer(setup.secrets.observed),
    ),
    ...get('argument capabilities', '/api/argument'),
    ...heavy
      .filter((h) => h.path !== '/v1/predict/consensus')
      .map((h) => post(`${h.path}: ${h.what}`, h.path, h.body)),
    {
      ...post(
        '/api/argument/review cloud: every bound, 12 claims of 8 citations back',
        '/api/argument/review',
        JSON.stringify({ ...review, mode: 'cloud', consent: true }),
      ),
      headers: { ...json, ...bearer(setup.secrets.reviewer) },
    },
    {
      name: `/api/argument/transcribe: ${TRANSCRIPTION_LIMITS.maxRequestBytes} bytes, a transcript at its bounds back`,
      method: 'POST',
      path: '/api/argument/transcribe',
      headers: {
        'Content-Type': upload.contentType,
        ...bearer(setup.secrets.reviewer),
        [TRANSCRIPTION_LIMITS.consentHeader.name]: TRANSCRIPTION_LIMITS.consentHeader.value,
      },
      body: upload.body,
      status: 200,
    },
    ...get('/v1 discovery', '/v1'),
    ...get('/v1/releases', '/v1/releases'),
    {
      ...post(
        `/v1/observations: the ${LIMITS.evidence}th, every field at its bound`,
        '/v1/observations',
        bankObservation(0),
        201,
      ),
      headers: { ...json, ...bearer(setup.secrets.contributor) },
    },
    {
      ...post(
        `/v1/predict/consensus: "bank", ${LIMITS.evidence} entries, a ${LIMITS.passage}-char passage`,
        '/v1/predict/consensus',
        JSON.stringify({ expression: 'bank', passage: bankPassage(300_000) }),
      ),
      keep: 'consensus',
    },
    post(
      '/v1/verify/consensus: that answer, replayed',
      '/v1/verify/consensus',
      (kept) => kept.get('consensus') ?? '',
    ),
    post(
      `/v1/verify/consensus: its ${LIMITS.evidence} entries with leaves and proofs at their bounds (not valid)`,
      '/v1/verify/consensus',
      (kept) => boundedEntries(kept.get('consensus') ?? '{}'),
    ),
  ]
}

type Evidence = { index: number; leaf: string; inclusionProof: string[] }

/**
 * A consensus answer's checkpoint and entries, each leaf padded to LIMITS.leaf characters and each proof to
 * LIMITS.proofHashes hashes: the largest verify body the bounds allow for that many entries. The leaves no
 * longer match their hashes, so the answer is 200 with the step that failed.
 */
function boundedEntries(answer: string): string {
  const { checkpoint, entries } = JSON.parse(answer) as { checkpoint: unknown; entries: Evidence[] }
  const padHash = `${'A'.repeat(43)}=`
  return JSON.stringify({
    checkpoint,
    entries: entries.map((e) => ({
      index: e.index,
      leaf: e.leaf.padEnd(LIMITS.leaf, ' '),
      inclusionProof: Array.from({ length: LIMITS.proofHashes }, (_, i) => e.inclusionProof[i] ?? padHash),
    })),
  })
}

/**
 * Longest a case may take, answer read: the heaviest takes about 15 s in workerd and under two minutes on a
 * loaded machine. A request that hangs past it fails naming its case, so a run that stalls (seen twice in full
 * test runs, never when the test ran alone) says where, and the cases after it still run.
 */
const CASE_LIMIT_MS = 150_000

/** Sends one case, reading its whole answer; the answer's text is kept when the case says so. */
export async function sendCase(
  url: string,
  c: RouteCase,
  kept: Map<string, string>,
): Promise<{ status: number; ms: number }> {
  const started = performance.now()
  const body = typeof c.body === 'function' ? c.body(kept) : c.body
  const init = {
    method: c.method,
    ...(c.headers && { headers: c.headers }),
    ...(body !== undefined && { body }),
    signal: AbortSignal.timeout(CASE_LIMIT_MS),
  }
  const response = await fetchAgain(url + c.path, init)
  if (c.keep) kept.set(c.keep, await response.text())
  else await response.arrayBuffer()
  return { status: response.status, ms: performance.now() - started }
}
