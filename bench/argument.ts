/**
 * Argument review benchmarks: a maximal local review in-process (goal < 20 ms median), the same request over
 * HTTP against what the in-process time allows on one core (goal >= 80%), beside a bare node:http server
 * answering the same response bytes, where one HTTP request's time goes, the same comparison in CPU time,
 * and review time from 1% to 100% of the bounds to show its growth.
 * Inputs are built from WordNet glosses of one stretch of the lexicon, so the argument and the sources share
 * real vocabulary, and hit every bound exactly.
 */
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ARGUMENT_LIMITS } from '../src/argument/limits'
import { reviewText } from '../src/argument/review'
import { ArgumentInputSchema, type ArgumentInput } from '../src/argument/schemas'
import { countSentences, splitSentences } from '../src/text/sentences'
import type { Lexicon } from '../src/lexicon/lexicon'
import { fmt, load, spawnServer, table, timeIt } from './harness'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { synsetAt, synsetCount } from '../src/lexicon/lexicon'

const L = ARGUMENT_LIMITS

/** Words of the glosses and examples of consecutive synsets, from `first` on: one topic-ish stretch. */
function glossWords(lexicon: Lexicon, first: number, wanted: number): string[] {
  const words: string[] = []
  for (let i = first; words.length < wanted && i < synsetCount(lexicon); i++) {
    const synset = synsetAt(lexicon, i)
    for (const gloss of [synset[3], ...synset[4]]) {
      words.push(
        ...gloss
          .replace(/[.!?…"'`“”‘’;:()]/g, ' ')
          .split(/\s+/)
          .filter(Boolean),
      )
    }
  }
  return words
}

/**
 * A text of exactly `sentences` sentences and `chars` characters: words from `words` (with a figure every
 * 20 words and, when `quoteFrom` is given, one of those passages quoted every 10 sentences), cut to length.
 */
function makeText(
  words: string[],
  offset: number,
  sentences: number,
  chars: number,
  quoteFrom?: string[],
): string {
  const budget = chars - (sentences - 1)
  const out: string[] = []
  let w = offset
  for (let i = 0; i < sentences; i++) {
    const length = Math.floor((budget * (i + 1)) / sentences) - Math.floor((budget * i) / sentences)
    let sentence = ''
    if (quoteFrom && i % 10 === 5) {
      const quoted = quoteFrom[(i * 7) % quoteFrom.length] as string
      sentence = `It says “${quoted}” here`
    }
    while (sentence.length < length - 1) {
      const word = w % 20 === 7 ? `${(w * 37) % 100}%` : (words[w % words.length] as string)
      sentence += (sentence ? ' ' : '') + word
      w++
    }
    sentence = sentence
      .slice(0, length - 1)
      .trimEnd()
      .padEnd(length - 1, 'a')
    sentence = `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`
    // A cut may leave a word that reads as an abbreviation ("Mr.", "sec.") before the next sentence, which
    // starts with a capital or a figure: replace it.
    if (countSentences(`${sentence} Next.`) !== 2 || countSentences(`${sentence} 9% next.`) !== 2)
      sentence = sentence.replace(/\S+\.$/, (m) => `${'q'.repeat(m.length - 1)}.`)
    out.push(sentence)
  }
  const text = out.join(' ')
  if (text.length !== chars || countSentences(text) !== sentences) {
    throw new Error(`generated text has ${text.length} characters and ${countSentences(text)} sentences`)
  }
  return text
}

/** A request at `fraction` of every bound (1 = maximal): text, 4 sources, and optionally context and reply. */
export function requestAt(lexicon: Lexicon, fraction: number, withReply = false): ArgumentInput {
  const words = glossWords(lexicon, 30_000, 20_000)
  const scaled = (n: number) => Math.max(1, Math.round(n * fraction))
  const sources = ['a', 'b', 'c', 'd'].map((id, i) => ({
    id,
    label: `Source ${id.toUpperCase()}`,
    url: `https://sources.example/${id}`,
    text: makeText(
      words,
      2_000 + i * 3_000,
      scaled(L.sources.text.maxSentences),
      scaled(L.sources.text.maxCharacters),
    ),
  }))
  const first = (sources[0] as { text: string }).text
  // Quote the first five words of some source sentences, so quotation checks find them verbatim.
  const quotable = splitSentences(first).map((r) =>
    first.slice(r.start, r.end).split(' ').slice(0, 5).join(' '),
  )
  const text = makeText(words, 0, scaled(L.text.maxSentences), scaled(L.text.maxCharacters), quotable)
  return ArgumentInputSchema.parse({
    text,
    sources,
    ...(withReply
      ? {
          context: makeText(words, 15_000, scaled(20), scaled(L.context.maxCharacters)),
          reply: makeText(words, 900, scaled(L.text.maxSentences), scaled(L.reply.maxCharacters)),
        }
      : {}),
  })
}

/** A request as a client sends it: its fields, without the sentence bounds validation hands on with them. */
export function requestBody(input: ArgumentInput, extra: Record<string, unknown> = {}): string {
  const fields: Record<string, unknown> = { ...input, ...extra }
  delete fields.sentences
  return JSON.stringify(fields)
}

/** Linux reports process CPU time in clock ticks of 1/100 s. */
const CLOCK_TICKS = 100

/** User plus system CPU time of a process so far, in clock ticks, from /proc. */
async function cpuTicks(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises')
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? []
  return Number(fields[11]) + Number(fields[12])
}

/**
 * Reviews per second in a separate process pinned to one core, when `taskset` is there to pin it (util-linux,
 * on every Debian system); `pinned` says whether it was.
 */
async function reviewsPerSecondOnOneCore(): Promise<{ reviewsPerSecond: number; pinned: boolean }> {
  const { execFile } = await import('node:child_process')
  const script = ['--import', 'tsx', 'bench/argument-one-core.ts']
  const runIt = (command: string, args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(command, args, { maxBuffer: 1 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    )
  const lastLine = (out: string) =>
    JSON.parse(out.trim().split('\n').pop() as string) as { reviewsPerSecond: number }
  try {
    const out = await runIt('taskset', ['-c', '0', process.execPath, ...script])
    return { ...lastLine(out), pinned: true }
  } catch {
    return { ...lastLine(await runIt(process.execPath, script)), pinned: false }
  }
}

export async function run(): Promise<void> {
  const { config, lexicon } = await loadBuiltLexicon()

  const maximal = requestAt(lexicon, 1)
  const everything = requestAt(lexicon, 1, true)
  const body = requestBody(maximal)
  const cpuBefore = process.cpuUsage()
  const review = await timeIt(() => reviewText(lexicon, maximal), 200, 100)
  const cpuSpent = process.cpuUsage(cpuBefore)
  // CPU time per review (warm-up runs included in the count): less disturbed than wall time on a busy machine.
  const reviewCpuMs = (cpuSpent.user + cpuSpent.system) / 1000 / 300
  const fresh = await timeIt(() => reviewText({ ...lexicon }, maximal), 20, 3)
  const handler = await timeIt(
    () => JSON.stringify(reviewText(lexicon, ArgumentInputSchema.parse(JSON.parse(body)))),
    200,
    30,
  )
  const full = await timeIt(() => reviewText(lexicon, everything), 100, 20)
  const answer = reviewText(lexicon, maximal)
  // Validation counts sentences and keeps their bounds for the review of the same texts, as in the route.
  const parseValidate = await timeIt(() => ArgumentInputSchema.parse(JSON.parse(body)), 200, 30)
  const serialize = await timeIt(() => JSON.stringify(answer), 200, 30)
  const responseBytes = JSON.stringify(answer).length
  const ms = (us: number) => fmt(us / 1000, 2)
  table('Maximal local review in-process (milliseconds per review)', [
    ['operation', 'median', 'p95', 'goal'],
    [
      'review: 12,000-char text / 100 sentences, 4 sources of 24,000 chars / 600 sentences',
      ms(review.median),
      ms(review.p95),
      '< 20',
    ],
    ['same, reading cache empty (a fresh lexicon object each time)', ms(fresh.median), ms(fresh.p95), ''],
    [
      'same, parse + validate + review + serialize (what the route does)',
      ms(handler.median),
      ms(handler.p95),
      '',
    ],
    ['same, plus 2,000-char context and 12,000-char reply', ms(full.median), ms(full.p95), ''],
  ])
  console.log(`\nrequest body ${fmt(body.length / 1000, 0)} kB, response ${fmt(responseBytes / 1000, 0)} kB`)

  const allowedByReview = 1e6 / review.median
  const allowedByHandler = 1e6 / handler.median
  const oneCore = await reviewsPerSecondOnOneCore()
  const dir = await mkdtemp(join(tmpdir(), 'bench-argument-'))
  const app = await spawnServer('bench/servers/app.ts', { DATA_DIR: config.DATA_DIR })
  let service: Awaited<ReturnType<typeof load>>
  let serverCpuMs: number
  let baseline: Awaited<ReturnType<typeof load>>
  try {
    const url = `${app.url}/api/argument/review`
    const options = { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, connections: 4 }
    const response = await fetch(url, { method: 'POST', body, headers: options.headers })
    if (response.status !== 200) throw new Error(`review answered ${response.status}`)
    const bodyFile = join(dir, 'review.json')
    await writeFile(bodyFile, Buffer.from(await response.arrayBuffer()))
    await load(url, { ...options, seconds: 2 })
    const ticksBefore = await cpuTicks(app.pid)
    service = await load(url, { ...options, seconds: 10 })
    serverCpuMs =
      (((await cpuTicks(app.pid)) - ticksBefore) * (1000 / CLOCK_TICKS)) / (service.requestsPerSecond * 10)
    const bare = await spawnServer('bench/servers/bare.ts', { BENCH_BODY_FILE: bodyFile })
    try {
      await load(bare.url, { ...options, seconds: 1 })
      baseline = await load(bare.url, { ...options, seconds: 5 })
    } finally {
      await bare.close()
    }
  } finally {
    await app.close()
  }
  table('Maximal review over HTTP on loopback (autocannon, 4 connections, 10 s)', [
    ['measure', 'req/s', 'ratio', 'goal'],
    ['service, POST /api/argument/review', fmt(service.requestsPerSecond, 1), '', ''],
    [
      `one core, in-process reviews back to back (${oneCore.pinned ? 'pinned with taskset' : 'NOT pinned: no taskset'}, collection included)`,
      fmt(oneCore.reviewsPerSecond, 1),
      fmt(service.requestsPerSecond / oneCore.reviewsPerSecond, 2),
      '>= 0.80',
    ],
    [
      'one core at the in-process review median (a median leaves collection out)',
      fmt(allowedByReview, 1),
      fmt(service.requestsPerSecond / allowedByReview, 2),
      '',
    ],
    [
      'one core at the in-process route-work median',
      fmt(allowedByHandler, 1),
      fmt(service.requestsPerSecond / allowedByHandler, 2),
      '',
    ],
    ['bare node:http answering the same response bytes', fmt(baseline.requestsPerSecond, 0), '', ''],
    ['non-2xx answers / errors during the service run', `${service.non2xx} / ${service.errors}`, '', '0 / 0'],
  ])
  const perRequest = 1000 / service.requestsPerSecond
  table('Where one request over HTTP spends its time (milliseconds)', [
    ['part', 'ms', 'measured as'],
    [
      'route work: JSON.parse, validation, review, serialization',
      ms(handler.median),
      'in-process median, as above',
    ],
    [
      '  of which JSON.parse and validation (sentence bounds found here serve the review)',
      ms(parseValidate.median),
      'in-process median',
    ],
    ['  of which serialization of the answer', ms(serialize.median), 'in-process median'],
    [
      'the rest: adapter and middleware, reading and decoding the body, writing the answer to the socket, garbage collection (a median skips it, throughput carries it)',
      fmt(perRequest - handler.median / 1000, 2),
      'one request at the measured throughput, less the route work',
    ],
    ['one request at the measured throughput', fmt(perRequest, 2), '1,000 / req/s'],
  ])
  table('The same in CPU time (milliseconds per request; steadier than wall time when the machine is busy)', [
    ['measure', 'CPU ms', 'ratio', 'goal'],
    ['server process, per request during the 10 s run', fmt(serverCpuMs, 2), '', ''],
    ['in-process review', fmt(reviewCpuMs, 2), fmt(reviewCpuMs / serverCpuMs, 2), '>= 0.80'],
  ])

  const rows: Array<Array<string | number>> = [
    [
      'share of bounds',
      'input characters',
      'sentences',
      'median ms',
      'CPU ms per review',
      'CPU µs per 1,000 characters',
      'vs 100%',
    ],
  ]
  const fractions = [0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1]
  const measured: Array<{
    fraction: number
    characters: number
    sentences: number
    median: number
    cpuMs: number
  }> = []
  for (const fraction of fractions) {
    const input = requestAt(lexicon, fraction)
    const characters = input.text.length + input.sources.reduce((n, s) => n + s.text.length, 0)
    const sentences =
      countSentences(input.text) + input.sources.reduce((n, s) => n + countSentences(s.text), 0)
    const runs = fraction < 0.2 ? 1000 : 150
    const before = process.cpuUsage()
    const timing = await timeIt(() => reviewText(lexicon, input), runs, 30)
    const spent = process.cpuUsage(before)
    const cpuMs = (spent.user + spent.system) / 1000 / (runs + 30)
    measured.push({ fraction, characters, sentences, median: timing.median, cpuMs })
  }
  const last = measured[measured.length - 1] as (typeof measured)[number]
  const perK = (m: (typeof measured)[number]) => (m.cpuMs * 1000 * 1000) / m.characters
  for (const m of measured) {
    rows.push([
      `${Math.round(m.fraction * 100)}%`,
      m.characters.toLocaleString('en-US'),
      m.sentences.toLocaleString('en-US'),
      ms(m.median),
      fmt(m.cpuMs, 2),
      fmt(perK(m), 1),
      fmt(perK(m) / perK(last), 2),
    ])
  }
  table('Review time from 1% to 100% of the bounds (near-linear: CPU per 1,000 characters stays flat)', rows)
}
