/**
 * The lexicon release built in DATA_DIR, loaded once for the command-line tools that read it (evaluations,
 * training, benchmarks): builds what is missing first, and throws when the release cannot be served.
 */
import { loadConfig, type ServiceConfig } from '../config'
import type { Lexicon } from '../lexicon/lexicon'
import { loadLexicon } from '../lexicon/release'
import { createFsStore } from '../storage/fs-store'
import { ensureReleases, publicRoot } from './ensure-releases'
import { LEXICON_COMPANIONS } from './lexicon-release'

export async function loadBuiltLexicon(): Promise<{ config: ServiceConfig; lexicon: Lexicon }> {
  const config = loadConfig(process.env)
  await ensureReleases(config)
  const state = await loadLexicon(createFsStore(publicRoot(config)), LEXICON_COMPANIONS)
  if (state.status !== 'ready') throw new Error(state.reason)
  return { config, lexicon: state.lexicon }
}
