/**
 * The learned models a lexicon release names in its manifest: the models the service serves with it that
 * read its meaning IDs, with their provenance, so a release says which model versions its answers came from;
 * and the model's own release file, built from the committed model text.
 */
import { SEMCOR_MODEL_INFO } from '../semantic/meaning/model-info'
import { encodeModelFile } from '../semantic/meaning/model-file'
import { sha256Hex } from '../storage/digest'
import { TAGGER_MODEL } from '../../models/tagger/tagger-model'
import { taggerRowsText } from '../text/tagger-weights'
import type { ReleaseModel } from './schemas'

/** The release file of the learned model of meaning in context. */
export const SEMCOR_MODEL_FILE = 'semcor-wsd.bin'

export function releaseModels(): ReleaseModel[] {
  const { name, version, instances, source, derived, license, url, citation } = SEMCOR_MODEL_INFO
  return [{ name, version, instances, source, derived, license, url, citation }]
}

/**
 * The release file of the committed model text, once the text is found to be the one whose version the
 * manifest names (the version covers the tagger's weights too, as `npm run train:wsd` writes it).
 */
export async function semcorModelFile(text: Uint8Array): Promise<Uint8Array> {
  const tagger = new TextEncoder().encode(`\n${taggerRowsText(TAGGER_MODEL)}`)
  const versioned = new Uint8Array(text.byteLength + tagger.byteLength)
  versioned.set(text)
  versioned.set(tagger, text.byteLength)
  if ((await sha256Hex(versioned)) !== SEMCOR_MODEL_INFO.version) {
    throw new Error(
      `${SEMCOR_MODEL_INFO.textPath} is not the model of version ${SEMCOR_MODEL_INFO.version.slice(0, 12)} (semcor-wsd-version.ts): rebuild both with npm run train:wsd`,
    )
  }
  return encodeModelFile(text)
}
