/**
 * What a heavy POST still costs the event loop when its work runs elsewhere: the app in process with a
 * runner that answers at once, so what is timed is reading, parsing and validating the body and sending
 * the answer. Baseline: `JSON.parse` of the same body, the least any JSON route must do.
 */
import { createApp } from '../src/app'
import { createFileKeyStore } from '../src/auth/fs-key-store'
import type { ServiceConfig } from '../src/config'
import { publicRoot } from '../src/releases/ensure-releases'
import { openNodeObservationLog } from '../src/consensus/node-log'
import { createLogProvider } from '../src/consensus/provider'
import { createLexiconProvider } from '../src/lexicon/release'
import { createFsStore } from '../src/storage/fs-store'
import { createUsageProvider } from '../src/usage/release'
import type { RouteWorkRunner } from '../src/route-work/runner'
import { timeIt, type Timing } from './harness'
import type { HeavyRequest } from './heavy-requests'
import { LEXICON_COMPANIONS } from '../src/releases/lexicon-release'

const RUNS = 20

export async function eventLoopShare(
  config: ServiceConfig,
  requests: readonly HeavyRequest[],
): Promise<Array<{ app: Timing; parse: Timing }>> {
  const store = createFsStore(publicRoot(config))
  const lexicon = createLexiconProvider(store, { companions: LEXICON_COMPANIONS })
  const answeredAtOnce: RouteWorkRunner = {
    run: async () => new Uint8Array([123, 125]),
    close: async () => {},
  }
  const log = createLogProvider(() => openNodeObservationLog(config, () => {}))
  const app = createApp({
    lexicon,
    usage: createUsageProvider(store),
    work: answeredAtOnce,
    consensus: { log, keys: createFileKeyStore(createFsStore(config.DATA_DIR + '/private')) },
  })
  await app.request('/readyz')
  const rows = []
  for (const request of requests) {
    const send = async () => {
      const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: request.body }
      const response = await app.request(request.path, init)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${request.path} answered ${response.status}`)
    }
    rows.push({
      app: await timeIt(send, RUNS, 3),
      parse: await timeIt(() => JSON.parse(request.body), RUNS, 3),
    })
  }
  const state = await log.current()
  if (state.status === 'ready') await state.log.close()
  return rows
}
