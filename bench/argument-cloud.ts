/**
 * Cloud review and transcription benchmarks: what the service itself adds around the provider call. The
 * provider is a bare node:http server answering a precomputed answer at once, so every figure is the
 * service's own work; the real provider takes seconds per request, within a 45-second limit.
 * - In-process, on a maximal request: building the payload (goal < 20 ms median, beside the local review of
 *   the same request) and verifying a 12-claim answer with 8 citations each (goal < 5 ms, beside parsing it).
 * - Over HTTP, one request at a time: cloud review beside the bare provider alone with the same body; what is
 *   left after two such transfers (in, then out to the provider), the payload and the verification is the
 *   service's overhead (goal < 10 ms median). Transcription of a 1 MiB and a 19 MiB file beside posting the
 *   same bytes to the bare server twice (goal: overhead < 1 s at 19 MiB).
 */
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildPayload } from '../src/argument/cloud/payload'
import { verifyAnswer } from '../src/argument/cloud/verify'
import { reviewText } from '../src/argument/review'
import type { ArgumentInput } from '../src/argument/schemas'
import { generateSecret, secretDigest } from '../src/auth/keys'
import { ensureReleases, publicRoot } from '../src/releases/ensure-releases'
import { loadConfig } from '../src/config'
import { loadLexicon } from '../src/lexicon/release'
import { createFsStore } from '../src/storage/fs-store'
import { loadUsage } from '../src/usage/release'
import { requestAt, requestBody } from './argument'
import { silentWav } from '../test/helpers/speech-audio'
import { bareServer, fmt, spawnServer, table, timeIt } from './harness'
import { LEXICON_COMPANIONS } from '../src/releases/lexicon-release'

/** A chat completion with 12 claims quoting `input.text`, each citing 8 passages of the first source. */
export function twelveClaimAnswer(input: ArgumentInput): string {
  const text = input.text
  const source = input.sources[0] as { id: string; text: string }
  const claims = Array.from({ length: 12 }, (_, c) => ({
    quote: text.slice(c * 900, c * 900 + 80),
    claim: 'A restatement of the claim.',
    judgment: 'supported',
    explanation: 'The cited passages say so.',
    citations: Array.from({ length: 8 }, (_, q) => ({
      sourceId: source.id,
      quote: source.text.slice((c * 8 + q) * 230, (c * 8 + q) * 230 + 120),
    })),
  }))
  const answer = { claims, termReadings: [], overview: 'An overview.' }
  return JSON.stringify({
    choices: [
      { index: 0, message: { content: JSON.stringify(answer), refusal: null }, finish_reason: 'stop' },
    ],
  })
}

export async function run(): Promise<void> {
  const config = loadConfig(process.env)
  await ensureReleases(config)
  const store = createFsStore(publicRoot(config))
  const lexiconState = await loadLexicon(store, LEXICON_COMPANIONS)
  const usageState = await loadUsage(store)
  if (lexiconState.status !== 'ready' || usageState.status !== 'ready')
    throw new Error('releases unavailable')
  const lexicon = lexiconState.lexicon
  const catalog = usageState.catalog

  const maximal = requestAt(lexicon, 1, true)
  const payload = buildPayload(lexicon, catalog, maximal)
  const answer = twelveClaimAnswer(maximal)
  if (!verifyAnswer(answer, maximal, payload).ok) throw new Error('the benchmark answer does not verify')
  const build = await timeIt(() => buildPayload(lexicon, catalog, maximal), 200, 30)
  const local = await timeIt(() => reviewText(lexicon, maximal), 100, 20)
  const verify = await timeIt(() => verifyAnswer(answer, maximal, payload), 500, 50)
  const parse = await timeIt(() => JSON.parse(JSON.parse(answer).choices[0].message.content), 500, 50)
  const ms = (us: number) => fmt(us / 1000, 2)
  table('Maximal cloud request in-process (milliseconds)', [
    ['operation', 'median', 'p95', 'goal'],
    [
      'build the provider payload (text, context, reply, 4 sources at their bounds)',
      ms(build.median),
      ms(build.p95),
      '< 20',
    ],
    ['baseline: local review of the same request', ms(local.median), ms(local.p95), ''],
    ['verify a 12-claim answer, 8 citations per claim', ms(verify.median), ms(verify.p95), '< 5'],
    ['baseline: JSON.parse of the same answer', ms(parse.median), ms(parse.p95), ''],
  ])
  console.log(
    `\npayload ${fmt(JSON.stringify(payload).length / 1000, 0)} kB; answer ${fmt(answer.length / 1000, 0)} kB`,
  )

  // The provider: a bare server answering the completion (or a transcription) at once.
  const provider = await bareServer(answer)
  const transcriptProvider = await bareServer(JSON.stringify({ text: 'We agree.' }))
  const dir = await mkdtemp(join(tmpdir(), 'bench-argument-cloud-'))
  await symlink(resolve(publicRoot(config)), join(dir, 'public'))
  await mkdir(join(dir, 'private'))
  const secret = generateSecret()
  const key = {
    digest: await secretDigest(secret),
    active: true,
    expiresAt: Date.now() + 3_600_000,
    datasets: ['argument-review'],
  }
  await writeFile(join(dir, 'private', 'keys.json'), JSON.stringify({ keys: [key] }))
  const env = {
    DATA_DIR: dir,
    ARGUMENT_PROVIDER_API_KEY: 'sk-bench',
    ARGUMENT_MODEL: 'bench-model',
    ARGUMENT_RATE_LIMIT: '999999/60s',
  }
  const app = await spawnServer('bench/servers/app.ts', { ...env, ARGUMENT_PROVIDER_BASE_URL: provider.url })
  const transcribeApp = await spawnServer('bench/servers/app.ts', {
    ...env,
    ARGUMENT_PROVIDER_BASE_URL: transcriptProvider.url,
  })
  try {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` }
    const post = (url: string, body: string) =>
      fetch(url, { method: 'POST', headers, body }).then((r) => r.arrayBuffer().then(() => r.status))
    const cloudBody = requestBody(maximal, { mode: 'cloud', consent: true })
    const localBody = requestBody(maximal)
    const status = await post(`${app.url}/api/argument/review`, cloudBody)
    if (status !== 200) throw new Error(`cloud review answered ${status}`)
    const cloud = await timeIt(() => post(`${app.url}/api/argument/review`, cloudBody), 100, 20)
    const localHttp = await timeIt(() => post(`${app.url}/api/argument/review`, localBody), 100, 20)
    const bare = await timeIt(() => post(provider.url, cloudBody), 100, 20)
    const overhead = cloud.median - 2 * bare.median - build.median - verify.median
    table('Maximal review over HTTP on loopback, one request at a time (milliseconds)', [
      ['request', 'median', 'p95', 'goal'],
      ['cloud review (instant provider)', ms(cloud.median), ms(cloud.p95), ''],
      ['baseline: the bare provider alone, same body', ms(bare.median), ms(bare.p95), ''],
      ['service overhead: cloud - 2 x bare - payload - verification', ms(overhead), '', '< 10'],
      ['for reference: local review of the same request', ms(localHttp.median), ms(localHttp.p95), ''],
    ])

    const rows: Array<Array<string | number>> = [
      ['file', 'transcribe median', 'bare, twice', 'overhead', 'goal'],
    ]
    for (const mib of [1, 19]) {
      const wav = silentWav(mib * 1024 * 1024)
      const upload = async () => {
        const form = new FormData()
        form.append('file', new Blob([wav as Uint8Array<ArrayBuffer>], { type: 'audio/wav' }), 'speech.wav')
        const res = await fetch(`${transcribeApp.url}/api/argument/transcribe`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'X-Service-Consent': 'send-to-provider' },
          body: form,
        })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`transcription answered ${res.status}`)
      }
      const runs = mib === 1 ? 40 : 8
      const transcribe = await timeIt(upload, runs, 2)
      const direct = await timeIt(
        () =>
          fetch(transcriptProvider.url, { method: 'POST', body: wav as Uint8Array<ArrayBuffer> }).then((r) =>
            r.arrayBuffer(),
          ),
        runs,
        2,
      )
      rows.push([
        `${mib} MiB WAV`,
        ms(transcribe.median),
        ms(2 * direct.median),
        ms(transcribe.median - 2 * direct.median),
        mib === 19 ? '< 1,000' : '',
      ])
    }
    table('Transcription over HTTP on loopback, instant provider (milliseconds)', rows)
  } finally {
    await app.close()
    await transcribeApp.close()
    await provider.close()
    await transcriptProvider.close()
  }
}
