/**
 * Same answers, byte for byte: records what a build of the service answers to a fixed, ordered list of
 * requests (tools/same-answers/requests.ts: the contract suite's requests and every route's heaviest one),
 * and compares two recordings. A refactor that changes no behaviour gives a recording equal to the one
 * before it.
 *
 *   npx tsx tools/same-answers.ts record --target node --out node.json        (fresh servers, see --help)
 *   npx tsx tools/same-answers.ts record --target workers --out workers.json
 *   npx tsx tools/same-answers.ts compare before.json after.json              (exit 1 on any difference)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import {
  NORMALISATIONS,
  recordPhase,
  replaced,
  type Body,
  type Entry,
  type Recording,
} from './same-answers/record'
import { contractPhase, everyRoutePhase, type Phase } from './same-answers/requests'
import { bundle, startNode, startWorkers, type Service } from './same-answers/targets'

const HELP = `Usage:
  npx tsx tools/same-answers.ts record [--target node|workers] --out FILE.json [options]
  npx tsx tools/same-answers.ts record --base-url URL --phase contract --out FILE.json
  npx tsx tools/same-answers.ts prepare --phase contract|every-route --data-dir DIR
  npx tsx tools/same-answers.ts compare A.json B.json

record (fresh, the default): for each phase (contract, then every-route) starts a fresh service, sends the
phase's requests in order, records the answers, and stops it.
  --target node      (default) \`npm run bundle\`, then node dist/node.mjs as \`npm start\` runs it, on a copy
                     of ./data in a temporary DATA_DIR with the phase's fixed keys, a free port, a clean
                     environment with only the phase's settings
  --target workers   the Workers entry in workerd through test/helpers/worker.ts's startWorker (Miniflare),
                     seeded from ./data and the keys
  --phase P          contract, every-route or all (default all)
  --data DIR         the releases (default ./data, from \`npm run build:releases\`)
  --node-entry FILE  the bundled Node entry (default dist/node.mjs)
  --no-bundle        do not run \`npm run bundle\` first (dist/ is already this build's)
  --worker-helper F  the module exporting startWorker (default test/helpers/worker.ts)
  --verbose          print each request and its status

record --base-url URL: records a service you started yourself, one phase. Prepare its DATA_DIR with
\`prepare\` (fresh: a copy of ./data without a log) and start it with the settings \`prepare\` prints. Only
the contract phase can be recorded this way (every-route needs the tool's fake cloud provider).

compare: prints how many requests were compared and every difference; exit 1 if any.`

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function log(line: string): void {
  console.error(line)
}

async function phasesNamed(name: string): Promise<Array<() => Promise<Phase>>> {
  if (name === 'contract') return [contractPhase]
  if (name === 'every-route') return [everyRoutePhase]
  if (name === 'all') return [contractPhase, everyRoutePhase]
  throw new Error(`--phase must be contract, every-route or all (got "${name}")`)
}

async function record(values: Record<string, string | boolean | undefined>): Promise<number> {
  const out = values.out
  if (typeof out !== 'string') throw new Error('record needs --out FILE.json')
  const outPath = resolve(out)
  const baseUrl = values['base-url']
  const target = typeof values.target === 'string' ? values.target : 'node'
  if (target !== 'node' && target !== 'workers') throw new Error(`--target must be node or workers`)
  const verbose = values.verbose === true
  const phaseName = typeof values.phase === 'string' ? values.phase : baseUrl ? 'contract' : 'all'
  if (typeof baseUrl === 'string' && phaseName !== 'contract')
    throw new Error('--base-url records the contract phase only (see --help)')
  const data = resolve(typeof values.data === 'string' ? values.data : 'data')
  const helper = resolve(
    typeof values['worker-helper'] === 'string' ? values['worker-helper'] : 'test/helpers/worker.ts',
  )
  const entry = resolve(typeof values['node-entry'] === 'string' ? values['node-entry'] : 'dist/node.mjs')
  process.chdir(ROOT)

  const started = performance.now()
  if (!baseUrl && target === 'node' && values['no-bundle'] !== true) bundle(log)
  const requests: Entry[] = []
  for (const makePhase of await phasesNamed(phaseName)) {
    const phase = await makePhase()
    try {
      const phaseStarted = performance.now()
      let service: Service
      if (typeof baseUrl === 'string') service = { url: baseUrl.replace(/\/$/, ''), close: async () => {} }
      else if (target === 'node') service = await startNode(phase, { entry, data, log })
      else service = await startWorkers(phase, { helper, data, log })
      try {
        await phase.prepare?.(service.url)
        const entries = await recordPhase(service.url, phase, verbose ? { progress: log } : {})
        requests.push(...entries)
      } finally {
        await service.close()
      }
      log(
        `${phase.name}: ${phase.cases.length} requests in ${((performance.now() - phaseStarted) / 1000).toFixed(1)} s`,
      )
    } finally {
      await phase.close()
    }
  }
  const recording: Recording = {
    format: 'same-answers/1',
    target: typeof baseUrl === 'string' ? 'base-url' : target,
    normalisations: NORMALISATIONS,
    replaced,
    requests,
  }
  await mkdir(dirname(outPath), { recursive: true })
  await writeFile(outPath, JSON.stringify(recording, null, 1) + '\n')
  log(
    `${requests.length} answers recorded into ${outPath} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  return 0
}

async function prepare(values: Record<string, string | boolean | undefined>): Promise<number> {
  const dir = values['data-dir']
  if (typeof dir !== 'string') throw new Error('prepare needs --data-dir DIR')
  const [makePhase] = await phasesNamed(typeof values.phase === 'string' ? values.phase : 'contract')
  const phase = await (makePhase as () => Promise<Phase>)()
  try {
    await mkdir(join(dir, 'private'), { recursive: true })
    await writeFile(
      join(dir, 'private', 'keys.json'),
      JSON.stringify({ keys: phase.keys.map((k) => k.record) }, null, 2) + '\n',
    )
    console.log(`# keys written to ${join(dir, 'private', 'keys.json')}; start the service with:`)
    for (const [name, value] of Object.entries({
      DATA_DIR: dir,
      ARGUMENT_RATE_LIMIT: `${phase.rateLimit}/60s`,
      ...phase.settings,
    }))
      console.log(`${name}=${JSON.stringify(value)}`)
  } finally {
    await phase.close()
  }
  return 0
}

function describeBody(body: Body): string {
  if ('text' in body) return `text of ${Buffer.byteLength(body.text)} bytes`
  if ('base64' in body) return `${Buffer.from(body.base64, 'base64').length} binary bytes`
  return `${body.length} bytes, sha256 ${body.sha256.slice(0, 16)}…`
}

/** Where two bodies first differ, with some context of each. */
function bodyDifference(a: Body, b: Body): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null
  if ('text' in a && 'text' in b) {
    let at = 0
    while (at < a.text.length && at < b.text.length && a.text[at] === b.text[at]) at++
    const around = (t: string) => JSON.stringify(t.slice(Math.max(0, at - 60), at + 120))
    return `body differs at character ${at} (${describeBody(a)} / ${describeBody(b)}):\n      A: ${around(a.text)}\n      B: ${around(b.text)}`
  }
  return `body differs: ${describeBody(a)} / ${describeBody(b)}`
}

function differences(a: Entry, b: Entry): string[] {
  const out: string[] = []
  if (a.method !== b.method || a.path !== b.path)
    out.push(`request: ${a.method} ${a.path} / ${b.method} ${b.path}`)
  if (JSON.stringify(a.requestBody) !== JSON.stringify(b.requestBody))
    out.push(`request body: ${JSON.stringify(a.requestBody)} / ${JSON.stringify(b.requestBody)}`)
  if (a.status !== b.status) out.push(`status: ${a.status} / ${b.status}`)
  for (const name of [...new Set([...Object.keys(a.headers), ...Object.keys(b.headers)])].sort()) {
    const [x, y] = [a.headers[name], b.headers[name]]
    if (x !== y) out.push(`header ${name}: ${JSON.stringify(x ?? null)} / ${JSON.stringify(y ?? null)}`)
  }
  const body = bodyDifference(a.body, b.body)
  if (body) out.push(body)
  return out
}

async function compare(files: string[]): Promise<number> {
  if (files.length !== 2) throw new Error('compare takes two recordings: A.json B.json')
  const [a, b] = (await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as Recording),
  )) as [Recording, Recording]
  const key = (e: Entry) => `${e.phase} #${e.index}`
  const byKey = new Map(b.requests.map((e) => [key(e), e]))
  let compared = 0
  let differing = 0
  const lines: string[] = []
  for (const x of a.requests) {
    const y = byKey.get(key(x))
    byKey.delete(key(x))
    if (!y) {
      differing++
      lines.push(`${key(x)} ${x.method} ${x.path}: only in A`)
      continue
    }
    compared++
    const found = differences(x, y)
    if (found.length === 0) continue
    differing++
    lines.push(`${key(x)} ${x.method} ${x.path.slice(0, 120)} (${x.name.slice(0, 100)})`)
    for (const d of found) lines.push(`    ${d}`)
  }
  for (const y of byKey.values()) {
    differing++
    lines.push(`${key(y)} ${y.method} ${y.path}: only in B`)
  }
  if (a.target !== b.target) lines.unshift(`note: targets differ (A ${a.target}, B ${b.target})`)
  for (const line of lines) console.log(line)
  console.log(
    `${compared} requests compared (A ${a.requests.length}, B ${b.requests.length}): ${differing === 0 ? 'no differences' : `${differing} differ`}`,
  )
  return differing === 0 ? 0 : 1
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      'base-url': { type: 'string' },
      out: { type: 'string' },
      target: { type: 'string' },
      phase: { type: 'string' },
      data: { type: 'string' },
      'data-dir': { type: 'string' },
      'node-entry': { type: 'string' },
      'no-bundle': { type: 'boolean' },
      'worker-helper': { type: 'string' },
      fresh: { type: 'boolean' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (!command || command === 'help' || values.help) {
    console.log(HELP)
    return command ? 0 : 2
  }
  if (command === 'record') {
    if (values.fresh && values['base-url']) throw new Error('give --fresh or --base-url, not both')
    return record(values)
  }
  if (command === 'prepare') return prepare(values)
  if (command === 'compare') return compare(positionals)
  console.error(`unknown command "${command}"\n\n${HELP}`)
  return 2
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err))
    process.exitCode = 2
  },
)
