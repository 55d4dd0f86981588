/**
 * Dataset benchmarks, each beside a baseline measured in the same run:
 * - a page of 100 records from a 1,000,000-record synthetic release against a page from a 1,000-record
 *   release (in-process reads and HTTP through the service; goal: ratio >= 0.8);
 * - a page of 100 records with every block read checked against the release's block hashes, against the
 *   same page read as before block hashes (the same index lookups, bytes taken as read; goal >= 0.8);
 * - a filtered and a searched page of 100 records (each matching a tenth of the release) from the
 *   1,000,000-record release against the same from the 1,000-record one (goal >= 0.8);
 * - the last page of the 1,000,000-record release reached with `start`, in release order, filtered and
 *   searched, against its first page (goal >= 0.8: a far page costs what the first costs);
 * - download throughput of the service against a bare node:http server streaming the same file (goal >= 0.8).
 * The synthetic releases are built with the real builder into a temporary DATA_DIR at bench time.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { privateRoot, publicRoot } from '../src/releases/ensure-releases'
import { loadConfig } from '../src/config'
import { buildDatasetRelease, LINE_OFFSETS_FILE, RECORDS_FILE } from '../src/datasets/build'
import { createCursorCodec, type CursorCodec } from '../src/datasets/cursor'
import { readPage, type PageOutcome } from '../src/datasets/paging'
import { readSearchPage } from '../src/datasets/search'
import { parseSearchQuery } from '../src/datasets/search-query'
import { decodeOffsets, offsetsRange } from '../src/datasets/release-index'
import type { DatasetName, DatasetReleaseInput } from '../src/datasets/release-input'
import { createDatasetReleases, type ServedRelease } from '../src/datasets/releases'
import { publishRelease, releaseFilePath, type DatasetStores } from '../src/datasets/storage'
import { createApp } from '../src/app'
import { createFileKeyStore } from '../src/auth/fs-key-store'
import { createDatasetService, type DatasetService } from '../src/datasets/service'
import { createLexiconProvider } from '../src/lexicon/release'
import type { BlobStore } from '../src/storage/blob-store'
import { createFsStore } from '../src/storage/fs-store'
import { nodeBlockDigest } from '../src/storage/node-block-digest'
import { createUsageProvider } from '../src/usage/release'
import { cpuSeconds, fmt, load, spawnServer, table, timeIt } from './harness'
import { LEXICON_COMPANIONS } from '../src/releases/lexicon-release'

const SMALL = 1_000
const LARGE = 1_000_000
const CURSOR_SECRET = 'benchmark-cursor-secret-0123456789abcdef'
const DOWNLOAD_ROUNDS = 5
const PAGE_ROUNDS = 3
/** Ten kinds, one in ten records each: a filter or a one-word search matches a tenth of any release. */
const KINDS = ['whale', 'ship', 'harbour', 'anchor', 'sail', 'mast', 'rope', 'deck', 'oar', 'tide']

function syntheticInput(dataset: DatasetName, count: number): DatasetReleaseInput {
  return {
    dataset,
    status: 'synthetic-benchmark',
    schema: { type: 'object', required: ['id', 'text', 'group'] },
    sourceTerms: {
      title: `Synthetic benchmark release of ${count} records`,
      summary: 'Generated at bench time; not real data.',
      license: 'CC0-1.0',
      attribution: 'lexicon-service benchmark',
      sources: [],
      limitations: ['Synthetic.'],
    },
    grouping: { key: 'group', rule: 'Keep every record of a group in the same split.' },
    search: { text: ['text'], filters: { kind: 'kind' } },
    records: Array.from({ length: count }, (_, i) => ({
      id: `syn-${i.toString(36).padStart(6, '0')}`,
      text: `Synthetic passage about a ${KINDS[i % KINDS.length]}, long enough to look like a short excerpt of running text.`,
      group: `group-${Math.floor(i / 4)}`,
      kind: KINDS[i % KINDS.length],
      position: i,
    })),
  }
}

async function publishSynthetic(stores: DatasetStores, dataset: DatasetName, count: number) {
  const started = performance.now()
  const release = await buildDatasetRelease(syntheticInput(dataset, count))
  const builtMs = performance.now() - started
  await publishRelease(stores, release)
  const bytes = release.manifest.files.find((f) => f.role === 'records')?.bytes ?? 0
  return { version: release.version, builtMs, bytes }
}

async function served(stores: DatasetStores, dataset: DatasetName): Promise<ServedRelease> {
  const state = await createDatasetReleases(stores).current(dataset)
  if (state.status !== 'ready') throw new Error(`${dataset}: ${state.reason}`)
  return state.release
}

/**
 * One full download through a node:http client (light on CPU, so the figure is the server's), in bytes per
 * second.
 */
function downloadRate(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let bytes = 0
    get(url, (res) => {
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength
      })
      res.on('end', () => resolve(bytes / ((performance.now() - started) / 1000)))
      res.on('error', reject)
    }).on('error', reject)
  })
}

/** The read path before block hashes: the same index lookups, the bytes taken as read. */
function withoutBlockChecks(store: BlobStore, release: ServedRelease): ServedRelease {
  const { dataset, version } = release.manifest
  const read = async (file: string, start: number, end: number) =>
    (await store.readRange(releaseFilePath(dataset, version, file), start, end)) as Uint8Array
  return {
    ...release,
    async lines(start, end) {
      const range = offsetsRange(start, end)
      const bounds = decodeOffsets(await read(LINE_OFFSETS_FILE, range.start, range.end))
      return read(RECORDS_FILE, bounds[0] as number, bounds[bounds.length - 1] as number)
    },
  }
}

/**
 * A page of 100 records at varying positions, with every block checked and as before block hashes: the
 * page read alone (index, records, parse, next cursor) and the whole route through the app (no socket).
 */
async function blockCheckFigures(stores: DatasetStores, count: number): Promise<void> {
  const codec: CursorCodec = createCursorCodec(async () => CURSOR_SECRET)
  const checked = createDatasetService({
    stores,
    keys: createFileKeyStore(stores.private),
    cursorSecret: CURSOR_SECRET,
    blockDigest: nodeBlockDigest,
  })
  const plain: DatasetService = {
    ...checked,
    releases: {
      ...checked.releases,
      async current(dataset) {
        const state = await checked.releases.current(dataset)
        if (state.status !== 'ready') return state
        return { status: 'ready', release: withoutBlockChecks(stores.public, state.release) }
      },
    },
  }
  const dataset = 'association-practice'
  const release = await served(stores, dataset)
  const cursors = await Promise.all(
    Array.from({ length: 64 }, (_, i) =>
      codec.encode(dataset, release.manifest.version, (i * 7_919) % (count - 100)),
    ),
  )
  const readOnly = (service: DatasetService) => {
    let i = 0
    return async () => {
      const state = await service.releases.current(dataset)
      if (state.status !== 'ready') throw new Error(state.reason)
      const outcome = await readPage(
        dataset,
        state.release,
        codec,
        { cursor: cursors[i++ % cursors.length] },
        100,
      )
      if (!outcome.ok) throw new Error(outcome.problem)
    }
  }
  const route = (service: DatasetService) => {
    const app = createApp({
      lexicon: createLexiconProvider(stores.public, { companions: LEXICON_COMPANIONS }),
      usage: createUsageProvider(stores.public),
      datasets: service,
    })
    let i = 0
    return async () => {
      const path = `/api/datasets/${dataset}/records?cursor=${cursors[i++ % cursors.length]}`
      const res = await app.request(path)
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
      await res.arrayBuffer()
    }
  }
  const rows: Array<Array<string | number>> = [
    ['measure', 'before block hashes (baseline)', 'every block checked', 'before / checked (cost)', 'goal'],
  ]
  for (const [name, run] of [
    ['page read (index, records, parse, cursor)', readOnly],
    ['page route through the app', route],
  ] as const) {
    const runs = { plain: [] as number[], checked: [] as number[] }
    const [plainRun, checkedRun] = [run(plain), run(checked)]
    for (let round = 0; round < 3; round++) {
      runs.plain.push((await timeIt(plainRun, 2000)).median)
      runs.checked.push((await timeIt(checkedRun, 2000)).median)
    }
    const best = (xs: number[]) => Math.min(...xs)
    rows.push([
      name,
      fmt(best(runs.plain)),
      fmt(best(runs.checked)),
      fmt(best(runs.plain) / best(runs.checked), 2),
      '>= 0.80',
    ])
  }
  table(
    `In-process: a page of 100 records from the ${fmt(count, 0)}-record release (median microseconds, best of 3 x 2,000, alternating)`,
    rows,
  )
}

/**
 * A page of 100 records of a filter and of a one-word search (each matching a tenth of the release), at
 * varying depths, from the small and the large release: the page read alone (index, records, parse, cursor).
 */
async function searchFigures(small: ServedRelease, large: ServedRelease): Promise<void> {
  const codec = createCursorCodec(async () => CURSOR_SECRET)
  const rows: Array<Array<string | number>> = [
    ['page', `${fmt(SMALL, 0)} records (baseline)`, `${fmt(LARGE, 0)} records`, 'small / large', 'goal'],
  ]
  for (const [name, q, filters] of [
    ['filter=kind:ship', undefined, ['kind:ship']],
    ['q=ships (one stemmed word, BM25)', 'ships', []],
  ] as const) {
    const runner = async (release: ServedRelease) => {
      const { dataset, version } = release.manifest
      const parsed = await parseSearchQuery(release.manifest.indexes.search, q, filters)
      if (!parsed.ok) throw new Error(parsed.problem)
      const matches = release.manifest.recordCount / KINDS.length
      const cursors = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          codec.encode(dataset, version, (i * 7) % Math.max(1, matches - 100), parsed.query.digest),
        ),
      )
      let i = 0
      return async () => {
        const outcome = await readSearchPage(
          dataset,
          release,
          codec,
          parsed.query,
          { cursor: cursors[i++ % 16] },
          100,
        )
        if (!outcome.ok) throw new Error(outcome.problem)
      }
    }
    const [smallRun, largeRun] = [await runner(small), await runner(large)]
    const runs = { small: [] as number[], large: [] as number[] }
    for (let round = 0; round < 3; round++) {
      runs.small.push((await timeIt(smallRun, 1000)).median)
      runs.large.push((await timeIt(largeRun, 1000)).median)
    }
    const best = (xs: number[]) => Math.min(...xs)
    rows.push([
      name,
      fmt(best(runs.small)),
      fmt(best(runs.large)),
      fmt(best(runs.small) / best(runs.large), 2),
      '>= 0.80',
    ])
  }
  table(
    'In-process: a searched or filtered page of 100 records (median microseconds, best of 3 x 1,000, alternating)',
    rows,
  )
}

/**
 * The first page and the last page (one request with `start`) of the large release, read alone: in release
 * order, a filter and a one-word search (a slice read at the position), and a two-word search, which ranks
 * every match for any page (fewer runs: it is the slow one).
 */
async function jumpFigures(large: ServedRelease): Promise<void> {
  const codec = createCursorCodec(async () => CURSOR_SECRET)
  const { dataset } = large.manifest
  const rows: Array<Array<string | number>> = [
    ['page of 100', 'matches', 'first page (baseline)', 'last page (start)', 'first / last', 'goal'],
  ]
  for (const [name, q, filters, runs] of [
    ['records, release order', undefined, null, 1000],
    ['filter=kind:ship', undefined, ['kind:ship'], 1000],
    ['q=ships (one word, BM25)', 'ships', [], 1000],
    ['q=ships harbour (two words, ranks all)', 'ships harbour', [], 5],
  ] as const) {
    let read = (start: number): Promise<PageOutcome> => readPage(dataset, large, codec, { start }, 100)
    if (filters !== null) {
      const parsed = await parseSearchQuery(large.manifest.indexes.search, q, [...filters])
      if (!parsed.ok) throw new Error(parsed.problem)
      read = (start) => readSearchPage(dataset, large, codec, parsed.query, { start }, 100)
    }
    const first = await read(0)
    if (!first.ok) throw new Error(first.problem)
    const last = Math.floor((first.page.total - 1) / 100) * 100
    const pageAt = (start: number) => async () => {
      const outcome = await read(start)
      if (!outcome.ok || outcome.page.count === 0) throw new Error(`${name} at ${start}`)
    }
    const runsOf = { first: [] as number[], last: [] as number[] }
    for (let round = 0; round < 3; round++) {
      runsOf.first.push((await timeIt(pageAt(0), runs)).median)
      runsOf.last.push((await timeIt(pageAt(last), runs)).median)
    }
    const [atFirst, atLast] = [Math.min(...runsOf.first), Math.min(...runsOf.last)]
    rows.push([
      name,
      fmt(first.page.total, 0),
      fmt(atFirst),
      `${fmt(atLast)} (start=${fmt(last, 0)})`,
      fmt(atFirst / atLast, 2),
      '>= 0.80',
    ])
  }
  table(
    `In-process: the first and the last page of the ${fmt(LARGE, 0)}-record release (median microseconds, best of 3, alternating)`,
    rows,
  )
}

type PageRun = { rate: number; cpuPerRequest: number }

/** Five seconds of autocannon load; requests per second and the server's CPU seconds per request. */
async function measuredLoad(url: string, pid: number): Promise<PageRun> {
  const before = await cpuSeconds(pid)
  const result = await load(url, { seconds: 5 })
  const cpu = (await cpuSeconds(pid)) - before
  return { rate: result.requestsPerSecond, cpuPerRequest: cpu / (result.requestsPerSecond * 5) }
}

/** Downloads `url` once; returns bytes per second and the server's CPU seconds for it. */
async function measuredDownload(url: string, pid: number): Promise<{ rate: number; cpu: number }> {
  const before = await cpuSeconds(pid)
  const rate = await downloadRate(url)
  return { rate, cpu: (await cpuSeconds(pid)) - before }
}

type Server = { url: string; pid: number }

async function pageFigures(app: Server, smallPage: string, largePage: string): Promise<void> {
  for (const path of [smallPage, largePage]) {
    const res = await fetch(app.url + path)
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    await res.arrayBuffer()
    await load(app.url + path, { seconds: 1 })
  }
  const runs = { small: [] as PageRun[], large: [] as PageRun[] }
  for (let round = 0; round < PAGE_ROUNDS; round++) {
    runs.small.push(await measuredLoad(app.url + smallPage, app.pid))
    runs.large.push(await measuredLoad(app.url + largePage, app.pid))
  }
  const rate = (xs: PageRun[]) => xs.reduce((sum, x) => sum + x.rate, 0) / xs.length
  const cpuPerRequest = (xs: PageRun[]) => (xs.reduce((sum, x) => sum + x.cpuPerRequest, 0) / xs.length) * 1e6
  table(
    `HTTP: a page of 100 records from the middle of the release (autocannon, 20 connections, ${PAGE_ROUNDS} x 5 s each, alternating)`,
    [
      ['release', 'req/s (mean)', 'server CPU µs per request', 'large / small (req/s)', 'goal'],
      [
        `${fmt(SMALL, 0)} records (baseline)`,
        fmt(rate(runs.small), 0),
        fmt(cpuPerRequest(runs.small), 0),
        '',
        '',
      ],
      [
        `${fmt(LARGE, 0)} records`,
        fmt(rate(runs.large), 0),
        fmt(cpuPerRequest(runs.large), 0),
        fmt(rate(runs.large) / rate(runs.small), 2),
        '>= 0.80',
      ],
    ],
  )
}

type Download = { rate: number; cpu: number }

async function downloadFigures(
  when: string,
  servers: { app: Server; bare: Server; download: string; bytes: number },
): Promise<void> {
  await downloadRate(servers.bare.url)
  await downloadRate(servers.download)
  const baseline: Download[] = []
  const service: Download[] = []
  for (let round = 0; round < DOWNLOAD_ROUNDS; round++) {
    baseline.push(await measuredDownload(servers.bare.url, servers.bare.pid))
    service.push(await measuredDownload(servers.download, servers.app.pid))
  }
  const best = (xs: Download[]) => Math.max(...xs.map((x) => x.rate))
  const cpuPerGb = (xs: Download[]) =>
    xs.reduce((sum, x) => sum + x.cpu, 0) / xs.length / (servers.bytes / 1e9)
  table(
    `Download of ${fmt(servers.bytes / 1e6)} MB ${when} (${DOWNLOAD_ROUNDS} full downloads each, alternating; node:http client)`,
    [
      ['server', 'best MB/s', 'server CPU s per GB (mean)', 'service / bare (MB/s)', 'goal'],
      [
        'bare node:http + fs.createReadStream (baseline)',
        fmt(best(baseline) / 1e6),
        fmt(cpuPerGb(baseline), 2),
        '',
        '',
      ],
      [
        'service /download',
        fmt(best(service) / 1e6),
        fmt(cpuPerGb(service), 2),
        fmt(best(service) / best(baseline), 2),
        '>= 0.80',
      ],
    ],
  )
}

export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-datasets-'))
  const config = loadConfig({ DATA_DIR: dataDir })
  const stores = { public: createFsStore(publicRoot(config)), private: createFsStore(privateRoot(config)) }
  try {
    const small = await publishSynthetic(stores, 'literary-context', SMALL)
    const large = await publishSynthetic(stores, 'association-practice', LARGE)
    table('Synthetic releases (built with the release builder)', [
      ['release', 'records', 'records.jsonl (MB)', 'build (s)'],
      ['small', fmt(SMALL, 0), fmt(small.bytes / 1e6), fmt(small.builtMs / 1000)],
      ['large', fmt(LARGE, 0), fmt(large.bytes / 1e6), fmt(large.builtMs / 1000)],
    ])

    const smallRelease = await served(stores, 'literary-context')
    const largeRelease = await served(stores, 'association-practice')
    let s = 0
    const smallRead = await timeIt(() => {
      const start = (s++ * 97) % (SMALL - 100)
      return smallRelease.lines(start, start + 100)
    }, 5000)
    let l = 0
    const largeRead = await timeIt(() => {
      const start = (l++ * 99_991) % (LARGE - 100)
      return largeRelease.lines(start, start + 100)
    }, 5000)
    table('In-process: read 100 records at varying positions (microseconds)', [
      ['release', 'median', 'p95', 'small median / large median', 'goal'],
      [`${fmt(SMALL, 0)} records (baseline)`, fmt(smallRead.median), fmt(smallRead.p95), '', ''],
      [
        `${fmt(LARGE, 0)} records`,
        fmt(largeRead.median),
        fmt(largeRead.p95),
        fmt(smallRead.median / largeRead.median, 2),
        '>= 0.80',
      ],
    ])

    await blockCheckFigures(stores, LARGE)
    await searchFigures(smallRelease, largeRelease)
    await jumpFigures(largeRelease)

    const codec = createCursorCodec(async () => CURSOR_SECRET)
    const smallPage = `/api/datasets/literary-context/records?cursor=${await codec.encode('literary-context', small.version, SMALL / 2)}`
    const largePage = `/api/datasets/association-practice/records?cursor=${await codec.encode('association-practice', large.version, LARGE / 2)}`
    const file = join(
      publicRoot(config),
      releaseFilePath('association-practice', large.version, 'records.jsonl'),
    )
    const app = await spawnServer('bench/servers/app.ts', {
      DATA_DIR: dataDir,
      CURSOR_SECRET: CURSOR_SECRET,
    })
    const bare = await spawnServer('bench/servers/file.ts', { BENCH_FILE: file })
    const servers = {
      app,
      bare,
      download: `${app.url}/api/datasets/association-practice/download`,
      bytes: large.bytes,
    }
    try {
      await downloadFigures('on a fresh server', servers)
      await pageFigures(app, smallPage, largePage)
      await downloadFigures('after the page load above', servers)
    } finally {
      await bare.close()
      await app.close()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/**
 * `npm run bench -- datasets-search`: only the searched and filtered pages and the first against the last
 * page, on freshly built releases.
 */
export async function runSearch(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-datasets-'))
  const config = loadConfig({ DATA_DIR: dataDir })
  const stores = { public: createFsStore(publicRoot(config)), private: createFsStore(privateRoot(config)) }
  try {
    const large = await publishSynthetic(stores, 'association-practice', LARGE)
    await publishSynthetic(stores, 'literary-context', SMALL)
    console.log(
      `${fmt(LARGE, 0)}-record release with its search index built in ${fmt(large.builtMs / 1000)} s`,
    )
    const largeRelease = await served(stores, 'association-practice')
    await searchFigures(await served(stores, 'literary-context'), largeRelease)
    await jumpFigures(largeRelease)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
