/**
 * The lexicon release built in DATA_DIR, loaded once for the command-line tools that read it (evaluations,
 * training, benchmarks): builds what is missing first, and throws when the release cannot be served.
 */
import { loadConfig, type ServiceConfig } from '../config'
import type { Lexicon } from '../lexicon/lexicon'
import { ensureReleases } from './ensure-releases'

export async function loadBuiltLexicon(): Promise<{ config: ServiceConfig; lexicon: Lexicon }> {
  const config = loadConfig(process.env)
  const state = await (await ensureReleases(config)).lexicon.current()
  if (state.status !== 'ready') throw new Error(state.reason)
  return { config, lexicon: state.lexicon }
}
