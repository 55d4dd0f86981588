/**
 * A lexicon whose meaning model is a given model text instead of its release's, for the evaluation tools:
 * a model trained in memory on part of SemCor (`fit:wsd`) or written aside by `train:wsd -- --out PATH`.
 */
import { readFile } from 'node:fs/promises'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { encodeModelFile, SEMCOR_MODEL_FILE } from '../../src/semantic/meaning/model-file'
import { wholeBytes } from '../../src/storage/paged-bytes'

export function withModelText(lexicon: Lexicon, text: Uint8Array): Lexicon {
  return {
    ...lexicon,
    companions: { ...lexicon.companions, [SEMCOR_MODEL_FILE]: wholeBytes(encodeModelFile(text)) },
  }
}

/** The lexicon with the model text at `path`, or as it is when no path is given. */
export async function withModel(lexicon: Lexicon, path: string | undefined): Promise<Lexicon> {
  return path === undefined ? lexicon : withModelText(lexicon, await readFile(path))
}
