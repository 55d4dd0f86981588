/**
 * The lexicon's part of `/v1` discovery: its release record (version, attribution). It has no `/v1` route
 * of its own; `readBy` names the routes of other features that read it.
 */
import { unavailableRecord, type ReleaseSource, type V1Extension } from '../v1/releases'
import type { LexiconProvider } from './release'

export function lexiconReleaseSource(provider: LexiconProvider, readBy: string[]): ReleaseSource {
  return {
    name: 'lexicon',
    async describe() {
      const state = await provider.current()
      if (state.status !== 'ready') {
        return unavailableRecord('lexicon', 'lexicon', state.reason, readBy)
      }
      const { manifest } = state.lexicon
      return {
        name: 'lexicon',
        kind: 'lexicon',
        status: 'available',
        version: manifest.release,
        reason: null,
        attribution: {
          source: `${manifest.source.name} ${manifest.source.version}, ${manifest.source.publisher}`,
          license: manifest.source.license,
          url: manifest.source.url,
          citation: manifest.source.citation,
        },
        readBy,
      }
    },
  }
}

export function lexiconV1Extension(provider: LexiconProvider, readBy: string[]): V1Extension {
  return { routes: [], releases: [lexiconReleaseSource(provider, readBy)] }
}
