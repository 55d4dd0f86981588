/**
 * The learned models a lexicon release names in its manifest: the models the service serves with it that
 * read its meaning IDs, with their provenance, so a release says which model versions its answers came from.
 */
import { SEMCOR_MODEL_INFO } from '../semantic/meaning/model-info'
import type { ReleaseModel } from './schemas'

export function releaseModels(): ReleaseModel[] {
  const { name, version, instances, source, derived, license, url, citation } = SEMCOR_MODEL_INFO
  return [{ name, version, instances, source, derived, license, url, citation }]
}
