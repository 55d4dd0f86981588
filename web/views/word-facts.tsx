/**
 * What the word page says about a word besides its meanings: how common it is in speech and how it is said
 * (each pronunciation with its syllables, and the part of speech it is for where that is known).
 */
import type { WordRecord } from '../lib/types'

/** How often a word is heard, in words a person reads (a Zipf value is log10 of the count per billion words). */
function heard(zipf: number): string {
  const perMillion = 10 ** (zipf - 3)
  if (perMillion >= 1)
    return `about ${Math.round(perMillion).toLocaleString('en')} times in a million spoken words`
  return `about once in ${Math.round(1 / perMillion).toLocaleString('en')} million spoken words`
}

export function WordFacts(props: { record: WordRecord }) {
  const { frequency, sound } = props.record
  return (
    <div class="word-facts">
      {frequency.band !== null && (
        <p>
          <strong class="tag">{frequency.band[0]?.toUpperCase() + frequency.band.slice(1)} word</strong>{' '}
          <span class="muted">
            {frequency.zipf === null
              ? 'not heard in the film and television subtitles counted'
              : heard(frequency.zipf)}
          </span>
        </p>
      )}
      {sound.pronunciations.length > 0 && (
        <p aria-label="Pronunciation">
          {sound.pronunciations.map((p, i) => (
            <>
              {i > 0 && ' · '}
              <span title={p.arpabet}>/{p.ipa}/</span>
              {p.partsOfSpeech !== null && <span class="muted"> ({p.partsOfSpeech.join(', ')})</span>}
              <span class="muted">
                {' '}
                {p.syllables} {p.syllables === 1 ? 'syllable' : 'syllables'}
              </span>
            </>
          ))}
        </p>
      )}
      {sound.pronunciations.length === 0 && sound.note && <p class="muted">{sound.note}</p>}
    </div>
  )
}
