/**
 * The lexicon release as the service composes it: the lexicon with the files of the features that read its
 * meaning IDs, which the lexicon holds without knowing them. The meaning model (read in blocks where the
 * release is) and the gloss words' document frequencies (held whole) are its companion files, with the checks
 * the loader runs on them; the learned models the manifest names, with their provenance, so a release says
 * which model versions its answers came from (part of the release id). Imports nothing of Node: the Workers
 * entry hands these to its lexicon provider too.
 */
import type { CompanionFile } from '../lexicon/release'
import type { ReleaseModel } from '../lexicon/schemas'
import { SEMCOR_MODEL_INFO } from '../semantic/meaning/model-info'
import { modelFileProblem, SEMCOR_MODEL_FILE } from '../semantic/meaning/model-file'
import { GLOSS_FREQUENCY_FILE, glossFrequencyFileProblem } from '../semantic/meaning/gloss-frequency-file'
import { REGISTER_FILE, registerFileProblem } from '../lexicon/register-file'
import { WORD_LIST_FILE, wordListFileProblem } from '../lexicon/word-list-file'
import { SPELLING_INDEX_FILE, spellingIndexProblem } from '../lexicon/spelling-index'
import { PRONUNCIATION_FILE, pronunciationFileProblem } from '../lexicon/pronunciation-file'
import { FINDER_FILE, finderFileProblem } from '../word-finder/finder-file'

/** The companion files of the lexicon release, in the order the manifest lists them and the loader checks them. */
export const LEXICON_COMPANIONS: readonly CompanionFile[] = [
  { name: SEMCOR_MODEL_FILE, read: 'paged', problem: modelFileProblem },
  { name: GLOSS_FREQUENCY_FILE, read: 'whole', problem: glossFrequencyFileProblem },
  { name: REGISTER_FILE, read: 'whole', problem: registerFileProblem },
  { name: WORD_LIST_FILE, read: 'whole', problem: wordListFileProblem },
  { name: SPELLING_INDEX_FILE, read: 'paged', problem: spellingIndexProblem },
  { name: PRONUNCIATION_FILE, read: 'paged', problem: pronunciationFileProblem },
  { name: FINDER_FILE, read: 'paged', problem: finderFileProblem },
]

/** The learned models a lexicon release names in its manifest. */
export function releaseModels(): ReleaseModel[] {
  const { name, version, instances, source, derived, license, url, citation } = SEMCOR_MODEL_INFO
  return [{ name, version, instances, source, derived, license, url, citation }]
}
