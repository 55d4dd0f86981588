/**
 * The capabilities document of `GET /api/argument`: the modes and whether each is configured on this
 * deployment (configuration, not a promise that a provider answers), every bound, the transcription file
 * types and sizes, the consent rules, and what each method means and does not mean.
 */
import { cloudCapabilities } from './cloud/capabilities'
import type { CloudReport } from './cloud/setup'
import { SCORE_RULE } from './compare'
import { CONTRAST_RULE } from './contrasts'
import { CUE_MIN_SHARED_TERMS } from './cue-checks'
import { CUE_WORD_LISTS } from '../text/cue-reader'
import {
  ARGUMENT_LIMITS,
  CLOUD_LIMITS,
  MATCHES_PER_SENTENCE,
  PLACES_LISTED,
  TRANSCRIPTION_LIMITS,
} from './limits'
import { MEANING_NOTE_RULE } from './meaning-notes'
import { NUMBER_RULE } from './numbers'
import { QUOTE_RULE } from './quotes'
import { REVIEW_NOTICES } from './review'
import type { Capabilities } from './capabilities-schema'
import { SENTENCE_RULE } from '../text/sentences'
import { STOP_WORDS, TERM_RULE } from './terms'

/** What this deployment has configured for the cloud features, as `cloudReport` sees it. */
export type ArgumentConfiguration = CloudReport

const CLOUD_REQUIREMENTS = [
  'a server-only AI provider API key',
  'an explicit ARGUMENT_MODEL that supports structured output',
  'a rate limiter binding ARGUMENT_RATE_LIMITER with a limit({key}) operation',
]

export function capabilities(configuration: ArgumentConfiguration): Capabilities {
  return {
    service: 'argument-review',
    configurationNote:
      '`configured` reports how this deployment is set up right now. It is not a promise that an AI provider is reachable or will answer; a configured cloud feature may still answer 502 or 503.',
    modes: [
      {
        mode: 'local',
        method: 'text-checks',
        configured: true,
        missing: [],
        needsKey: false,
        needsConsent: false,
        summary:
          'A deterministic vocabulary comparison between the argument (with optional context and reply) and the supplied sources, sentence by sentence. The same input gives the same bytes.',
        means: [
          'Which source sentences share content vocabulary with each argument sentence, ranked by a documented overlap score, with the shared terms.',
          'Which argument terms appear in no source and not in the context, and which source terms the argument never uses.',
          'Whether each quotation appears verbatim (or nearly) in the sources, and how numbers, percentages and dates compare with the matched source sentences.',
          'Where vocabulary matches but negation, hedges, boosters or quantifiers differ: observations worth a human look.',
          'Candidate lexicon meanings of shared words that have several, as editorial notes.',
          'With a reply: which argument sentences and terms the reply takes up and which it leaves aside.',
        ],
        doesNotMean: [
          'It is not entailment: sharing words does not mean a source supports, implies or contradicts a sentence.',
          'It is not fact-checking: nothing is verified against the world, and source URLs are never fetched.',
          'An absent match is not a negative factual judgment: a sentence may be true without a matching source sentence.',
          'Cues and notes are observations for a human reader, never verdicts; the service does not choose word meanings.',
        ],
        requires: [],
      },
      {
        mode: 'cloud',
        method: 'model-assisted',
        configured: configuration.review.configured,
        missing: configuration.review.missing,
        needsKey: true,
        needsConsent: true,
        summary: `An optional AI interpretation of at most ${CLOUD_LIMITS.maxCentralClaims} central claims against the supplied sources, with claim and source quotations checked verbatim and citations required for supported or contradicted judgments.`,
        means: [
          'A model reading of the central claims and how the supplied sources bear on them, with citations into the sources.',
        ],
        doesNotMean: [
          'It performs no external verification: the model reads only the texts of the request.',
          'An absent match is not a negative factual judgment.',
          'A model reading can be wrong; judgments must carry citations so a human can check them.',
          'Provider-side storage is disabled, but that is not a zero-retention guarantee.',
        ],
        requires: CLOUD_REQUIREMENTS,
      },
    ],
    keys: {
      scheme: 'Authorization: Bearer <key>',
      entitlement: 'argument-review',
      localReview: 'no key needed',
      cloudReview: 'a key with the argument-review entitlement',
      transcription: 'a key with the argument-review entitlement',
    },
    consent: [
      'Local review sends nothing anywhere and needs no consent; `consent` is ignored in local mode.',
      'Cloud review needs `"consent": true` in the request body: the texts, at most 8 dictionary terms with up to 8 candidate meanings each, source attribution and relevant editorial notes are sent to the AI provider. Without it the request answers 400.',
      `Transcription needs the header ${TRANSCRIPTION_LIMITS.consentHeader.name}: ${TRANSCRIPTION_LIMITS.consentHeader.value}: the audio is sent to the provider. The transcript must be reviewed by the user before use.`,
      'The service does not persist or log argument or transcription requests.',
    ],
    limits: {
      characterUnit: 'UTF-16 code units (JavaScript String.length)',
      request: { maxBytes: ARGUMENT_LIMITS.requestBytes, contentType: 'application/json' },
      text: ARGUMENT_LIMITS.text,
      context: ARGUMENT_LIMITS.context,
      reply: ARGUMENT_LIMITS.reply,
      sources: { ...ARGUMENT_LIMITS.sources, uniqueIds: true, urlFetched: false },
      cloud: CLOUD_LIMITS,
      burstRateLimit: {
        appliesTo: ['cloud review', 'transcription'],
        status: 429,
        exampleConfiguration: '5 requests per 60 seconds',
        note: 'The limiter is local to each deployment location and eventually consistent; it is not a global quota.',
      },
    },
    transcription: {
      route: '/api/argument/transcribe',
      configured: configuration.transcription.configured,
      missing: configuration.transcription.missing,
      needsKey: true,
      consentHeader: TRANSCRIPTION_LIMITS.consentHeader,
      maxRequestBytes: TRANSCRIPTION_LIMITS.maxRequestBytes,
      maxClientFileBytes: TRANSCRIPTION_LIMITS.maxClientFileBytes,
      fileTypes: TRANSCRIPTION_LIMITS.fileTypes.map((t) => ({
        name: t.name,
        extensions: [...t.extensions],
        mediaTypes: [...t.mediaTypes],
      })),
      notes: [
        'Speech only: visual content is not assessed.',
        'The whole multipart request must fit in 20 MiB; the client application allows files up to 19 MiB.',
        'An empty or overlong transcript answers 422. The transcript must be reviewed by the user before use.',
        `Text import (${TRANSCRIPTION_LIMITS.clientTextImport.fileTypes.join(', ')}, at most ${TRANSCRIPTION_LIMITS.clientTextImport.maxBytes / 1000} KB) is done by the client application, not by the service. Nothing is silently truncated, fetched from social URLs, or collected into a dataset.`,
      ],
    },
    cloud: cloudCapabilities(configuration),
    textChecks: {
      sentences: SENTENCE_RULE,
      terms: TERM_RULE,
      stopWords: [...STOP_WORDS],
      score: SCORE_RULE,
      matchesPerSentence: MATCHES_PER_SENTENCE,
      numbers: NUMBER_RULE,
      quotations: QUOTE_RULE,
      contrasts: CONTRAST_RULE,
      cues: `Cues are read by the service's one cue reader (the same as the /v1 claims routes): the words below and phrases of the same lists, counted shares as quantifiers ("only one of the four studies"), time phrases as no quantifier ("at some point"). Cues are compared once per sentence, with its best listed match that is not a title or heading (a sentence ending without closing punctuation), and a cue of the matched sentence counts only in a clause that shares a word with the sentence. An observation is written when one sentence has a hedge or booster the other lacks (a word of the same stem on the other side is the same word) or when their quantifiers differ, and, when they share at least ${CUE_MIN_SHARED_TERMS} terms, when one has a negation the other lacks. "most" after a determiner or possessive ("its most advanced") is a superlative, and the "not" of "whether or not" no negation. Words before the reporting verb of a report or denial ("critics claim", "nobody said") are not cues; a sentence marked as sarcasm ("yeah, right", "oh great", "so-called", scare quotes) gets no cue observation. Both are listed in the sentence's framing.`,
      cueWords: {
        negation: [...CUE_WORD_LISTS.negation],
        hedge: [...CUE_WORD_LISTS.hedge],
        booster: [...CUE_WORD_LISTS.booster],
        quantifier: {
          universal: [...CUE_WORD_LISTS.quantifier.universal],
          partial: [...CUE_WORD_LISTS.quantifier.partial],
          none: [...CUE_WORD_LISTS.quantifier.none],
        },
      },
      meaningNotes: MEANING_NOTE_RULE,
      placesListed: PLACES_LISTED,
      passages:
        'Every passage is a half-open [start, end) range of UTF-16 code units into the original submitted field it names (text, context, reply, or a source by id).',
    },
    notices: [...REVIEW_NOTICES],
  }
}
