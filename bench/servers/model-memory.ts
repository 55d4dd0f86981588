/**
 * Run by the semantic benchmark in a fresh process: the memory the learned model and the tagger add once
 * the lexicon release (whose file the model is) is loaded: RSS and heap after a first look-up in the model
 * and parsing the tagger's weights, beside the same process with the release loaded, and the time they take.
 * Prints one JSON line. The release folder is the first argument.
 */
import { loadLexicon } from '../../src/lexicon/release'
import { createFsStore } from '../../src/storage/fs-store'
import { LEXICON_COMPANIONS } from '../../src/releases/lexicon-release'
import { meaningModelOf } from '../../src/semantic/meaning/model-file'

const state = await loadLexicon(createFsStore(process.argv[2] as string), LEXICON_COMPANIONS)
if (state.status !== 'ready') throw new Error(state.reason)
const before = process.memoryUsage()
const started = performance.now()
const { learnedEntry } = await import('../../src/semantic/meaning/learned')
const { TAGGER_MODEL } = await import('../../models/tagger/tagger-model')
const { decodeTaggerModel } = await import('../../src/text/tagger-weights')
learnedEntry(state.lexicon, 'bank', 'noun')
// The tagger decodes its compact weights on first use, as here.
const taggerWeights = decodeTaggerModel(TAGGER_MODEL)
const loaded = performance.now() - started
const after = process.memoryUsage()
const features = TAGGER_MODEL.features.split('\n')
if (taggerWeights.rowOf(features[0] as string) !== 0) throw new Error('the tagger weights did not decode')
console.log(
  JSON.stringify({
    rssMB: (after.rss - before.rss) / 1e6,
    heapMB: (after.heapUsed - before.heapUsed) / 1e6,
    loadMs: loaded,
    modelFileMB: meaningModelOf(state.lexicon).byteLength / 1e6,
    taggerFeatures: features.length,
  }),
)
