/**
 * Every bound of the argument routes (spec sections 2.5, 4.4 and 8) in one place, so that validation, the
 * body-size guard, the capabilities document and the tests all read the same numbers.
 */

/** Character counts are UTF-16 code units: what JavaScript's `String.length` counts. */
export const ARGUMENT_LIMITS = {
  requestBytes: 450_000,
  text: { minCharacters: 1, maxCharacters: 12_000, maxSentences: 100 },
  context: { maxCharacters: 2_000 },
  reply: { maxCharacters: 12_000 },
  sources: {
    maxCount: 4,
    id: { minCharacters: 1, maxCharacters: 100 },
    label: { minCharacters: 1, maxCharacters: 300 },
    text: { maxCharacters: 24_000, maxSentences: 600 },
    url: { maxCharacters: 2_048 },
  },
} as const

/** Bounds of cloud review (spec 4.4 and 8); reported by the capabilities route. */
export const CLOUD_LIMITS = {
  maxCentralClaims: 12,
  maxDictionaryTerms: 8,
  maxCandidateSensesPerTerm: 8,
  providerTimeoutSeconds: 45,
  retries: 0,
} as const

const MIB = 1024 * 1024

/** Transcription bounds and accepted file types (spec 4.4, transcription rules 1, 2 and 5). */
export const TRANSCRIPTION_LIMITS = {
  maxRequestBytes: 20 * MIB,
  maxClientFileBytes: 19 * MIB,
  consentHeader: { name: 'X-Service-Consent', value: 'send-to-provider' },
  fileTypes: [
    { name: 'MP3', extensions: ['mp3'], mediaTypes: ['audio/mpeg', 'audio/mp3'] },
    { name: 'MP4', extensions: ['mp4'], mediaTypes: ['audio/mp4', 'video/mp4'] },
    { name: 'M4A', extensions: ['m4a'], mediaTypes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'] },
    { name: 'WAV', extensions: ['wav'], mediaTypes: ['audio/wav', 'audio/x-wav', 'audio/wave'] },
    { name: 'WebM', extensions: ['webm'], mediaTypes: ['audio/webm', 'video/webm'] },
    { name: 'MPEG', extensions: ['mpeg'], mediaTypes: ['audio/mpeg', 'video/mpeg'] },
    { name: 'MPGA', extensions: ['mpga'], mediaTypes: ['audio/mpeg'] },
    { name: 'OGG', extensions: ['ogg', 'oga'], mediaTypes: ['audio/ogg', 'application/ogg'] },
    { name: 'FLAC', extensions: ['flac'], mediaTypes: ['audio/flac', 'audio/x-flac'] },
  ],
  clientTextImport: { fileTypes: ['TXT', 'MD', 'SRT', 'VTT'], maxBytes: 100_000 },
} as const

/** How many source sentences each argument sentence lists, best first (the rest are counted). */
export const MATCHES_PER_SENTENCE = 5
/** Meaning notes listed at most, and candidate meanings per note (the rest are counted). */
export const MEANING_NOTES_MAX = 16
export const MEANINGS_PER_NOTE = 8
/** Places listed at most per quotation and text, and per number found elsewhere (the rest are counted). */
export const PLACES_LISTED = 5
/** Source terms the argument never uses, listed at most (most frequent first; all are counted). */
export const UNUSED_TERMS_LISTED = 50
