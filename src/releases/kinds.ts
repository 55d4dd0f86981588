/**
 * Every kind of release the service serves, for the operator's `publish KIND`: the lexicon, the authored
 * usage and each dataset, each with its layout in the release engine (src/storage/releases.ts) and the
 * storage root it lives in (private for a private dataset).
 */
import { DATASET_NAMES, DATASET_VISIBILITY } from '../datasets/release-input'
import { datasetLayout } from '../datasets/storage'
import { LEXICON_LAYOUT } from '../lexicon/release'
import type { BlobStore } from '../storage/blob-store'
import {
  copyCurrentRelease,
  type CopiedRelease,
  type ReleaseLayout,
  type ReleaseTarget,
} from '../storage/releases'
import { USAGE_LAYOUT } from '../usage/release'

export const RELEASE_KINDS = ['lexicon', 'usage', ...DATASET_NAMES] as const
export type ReleaseKind = (typeof RELEASE_KINDS)[number]

export type KindOfRelease = {
  kind: ReleaseKind
  /** The storage root of the kind's releases. */
  root: 'public' | 'private'
  /** Copies the verified current release of `from` into `to` (src/storage/releases.ts). */
  copy(from: BlobStore, to: ReleaseTarget): Promise<CopiedRelease | { problem: string }>
}

function kindOf<M>(kind: ReleaseKind, layout: ReleaseLayout<M>, root: 'public' | 'private'): KindOfRelease {
  return { kind, root, copy: (from, to) => copyCurrentRelease(layout, from, to) }
}

export function isReleaseKind(name: string): name is ReleaseKind {
  return (RELEASE_KINDS as readonly string[]).includes(name)
}

export function releaseKind(kind: ReleaseKind): KindOfRelease {
  if (kind === 'lexicon') return kindOf(kind, LEXICON_LAYOUT, 'public')
  if (kind === 'usage') return kindOf(kind, USAGE_LAYOUT, 'public')
  return kindOf(kind, datasetLayout(kind), DATASET_VISIBILITY[kind])
}
