/**
 * The semantic routes' part of `/v1` discovery: each route with its method, bounds, statuses, what its
 * answers mean and do not mean, and the releases it reads; and the records of the two models it carries
 * (the inference combiner's parameters, the learned model of meaning in context).
 */
import { INFERENCE_MODEL } from '../../models/claims/inference-model'
import { BUSY } from '../route-work/busy'
import { sha256Hex } from '../storage/digest'
import type { RouteDescriptionBody } from '../v1/discovery-schemas'
import { readersOf, type ReleaseSource, type V1Extension } from '../v1/releases'
import { BOUNDS, ILLUMINATE_DEFAULT_CANDIDATES } from './bounds'
import { SEMCOR_MODEL_INFO } from './meaning/model-info'

const POST_STATUSES = [
  { status: 200, meaning: 'answered (which may be an explicit abstention)' },
  { status: 400, meaning: 'invalid JSON or a field outside its bounds (`details` names it)' },
  { status: 413, meaning: `body larger than ${BOUNDS.bodyBytes} bytes` },
  { status: 415, meaning: 'body not JSON' },
  { status: 500, meaning: 'the work of the request stopped unexpectedly and was not completed' },
  { status: 503, meaning: `lexicon release not loaded or failing its integrity check, or ${BUSY}` },
]
const TARGET_STATUS = {
  status: 422,
  meaning: 'the target does not occur as given, or a span is not on word boundaries',
}

const PASSAGE_BOUNDS = [
  { name: 'passage', limit: `1 to ${BOUNDS.passageChars} UTF-16 code units` },
  { name: 'target.text', limit: `1 to ${BOUNDS.targetTextChars} characters` },
  { name: 'target.occurrence', limit: `1 to ${BOUNDS.occurrence}` },
  { name: 'target.span', limit: 'inside the passage, on word boundaries' },
  { name: 'maxCandidates', limit: `1 to ${BOUNDS.candidates}` },
]

const MEANING_NOT = [
  'Not a statement about what the author intended; a ranking of lexicon meanings by textual evidence.',
  'Scores and shares are not calibrated probabilities.',
]

export const SEMANTIC_ROUTES: RouteDescriptionBody[] = [
  {
    method: 'POST',
    path: '/v1/resolve',
    summary: 'The meaning of one expression (word or multiword) in a passage.',
    means: [
      'Candidate lexicon meanings ranked by frequency, overlap with the context, part-of-speech agreement, supersense coherence and one sense per discourse, with the evidence for each.',
      'A chosen meaning only when it leads the next by the margin; otherwise an explicit abstention.',
    ],
    doesNotMean: MEANING_NOT,
    bounds: PASSAGE_BOUNDS,
    statuses: [...POST_STATUSES, TARGET_STATUS],
    authentication: 'none',
    reads: ['lexicon'],
  },
  {
    method: 'POST',
    path: '/v1/compare',
    summary: 'Whether the same expression is used in the same meaning in two passages.',
    means: [
      '`same` or `different` when both uses are resolved; `undecidable` with the reason when either abstains.',
    ],
    doesNotMean: [...MEANING_NOT, '`different` meanings may still be closely related.'],
    bounds: [...PASSAGE_BOUNDS.map((b) => ({ ...b, name: `first|second.${b.name}` }))],
    statuses: [
      ...POST_STATUSES,
      {
        status: 422,
        meaning: 'a target is not found, or the two targets are not forms of the same lexicon word',
      },
    ],
    authentication: 'none',
    reads: ['lexicon'],
  },
  {
    method: 'POST',
    path: '/v1/illuminate',
    summary: 'Several occurrences resolved at once, with a summary of the meanings the passage uses.',
    means: [
      'Listed targets, every occurrence (in any inflection) of given expressions, or every content word and multiword expression, each resolved as by /v1/resolve.',
    ],
    doesNotMean: MEANING_NOT,
    bounds: [
      { name: 'passage', limit: `1 to ${BOUNDS.passageChars} UTF-16 code units` },
      { name: 'select.targets', limit: `1 to ${BOUNDS.illuminateTargets}` },
      {
        name: 'select.expressions',
        limit: `1 to ${BOUNDS.illuminateExpressions}, each 1 to ${BOUNDS.targetTextChars} characters`,
      },
      {
        name: 'maxCandidates',
        limit: `1 to ${BOUNDS.illuminateCandidates} (default ${ILLUMINATE_DEFAULT_CANDIDATES})`,
      },
      { name: 'occurrences selected', limit: `at most ${BOUNDS.illuminateOccurrences}` },
    ],
    statuses: [
      ...POST_STATUSES,
      {
        status: 422,
        meaning: `a listed target is not found, or more than ${BOUNDS.illuminateOccurrences} occurrences are selected`,
      },
    ],
    authentication: 'none',
    reads: ['lexicon'],
  },
  {
    method: 'POST',
    path: '/v1/claims/compare',
    summary: 'Differences in scope, strength and proposition between two claims.',
    means: [
      'Aligned content terms (same word, synonym, derivation, broader, narrower), opposites through lexicon antonyms, polarity, quantifier/subject/time/place scope and modality/hedge/certainty/intensifier strength, each with spans in both claims.',
      'relation: whether one claim’s wording entails the other (follows, with its direction), excludes it (conflicts) or neither, with a calibrated confidence and the steps that led there.',
    ],
    doesNotMean: [
      'Not a judgement of whether either claim is accurate.',
      '`fit` is not entailment: aligned wording can still differ in meaning; `relation` is about what the words license, not about the world.',
    ],
    bounds: [{ name: 'first, second', limit: `1 to ${BOUNDS.claimChars} UTF-16 code units each` }],
    statuses: POST_STATUSES,
    authentication: 'none',
    reads: ['lexicon', 'inference-model'],
  },
  {
    method: 'POST',
    path: '/v1/arguments/analyze',
    summary: 'Candidate claims in supplied messages, their kinds and premise/conclusion links.',
    means: [
      'Clauses that assert something, the cue that marked their kind, and links shown by discourse markers.',
    ],
    doesNotMean: [
      'Candidates, not verdicts: a candidate is not established as a claim, and a link is not a valid inference.',
    ],
    bounds: [
      { name: 'messages', limit: `1 to ${BOUNDS.messages}` },
      { name: 'messages[].id', limit: `1 to ${BOUNDS.idChars} characters, unique` },
      { name: 'messages[].author', limit: `1 to ${BOUNDS.authorChars} characters, optional` },
      {
        name: 'messages[].text',
        limit: `1 to ${BOUNDS.messageChars} UTF-16 code units, at most ${BOUNDS.messageSentences} sentences`,
      },
    ],
    statuses: POST_STATUSES.map((s) => (s.status === 503 ? { status: 503, meaning: BUSY } : s)),
    authentication: 'none',
    reads: [],
  },
  {
    method: 'POST',
    path: '/v1/claims/evaluate-evidence',
    summary: 'How each supplied excerpt’s wording fits a claim.',
    means: [
      'Per excerpt: shares the proposition, partial overlap, differs in scope, differs in polarity, or no overlap, with the best-aligned sentence, aligned spans and terms.',
      'Per excerpt: relation — whether the wording of its best-aligned sentence entails the claim (follows), excludes it (conflicts) or neither — with a calibrated confidence and the steps (aligned pairs with their lexical relation and monotonicity, cues that flipped or blocked the inference).',
    ],
    doesNotMean: [
      'Never true or false: fit describes wording, not accuracy.',
      'An excerpt that does not line up is not evidence against the claim; nothing is fetched or verified externally.',
    ],
    bounds: [
      { name: 'claim', limit: `1 to ${BOUNDS.claimChars} UTF-16 code units` },
      { name: 'excerpts', limit: `1 to ${BOUNDS.excerpts}` },
      { name: 'excerpts[].id', limit: `1 to ${BOUNDS.idChars} characters, unique` },
      { name: 'excerpts[].label', limit: `1 to ${BOUNDS.labelChars} characters, optional` },
      {
        name: 'excerpts[].text',
        limit: `1 to ${BOUNDS.excerptChars} UTF-16 code units, at most ${BOUNDS.excerptSentences} sentences`,
      },
    ],
    statuses: POST_STATUSES,
    authentication: 'none',
    reads: ['lexicon', 'inference-model'],
  },
]

/** The POST routes, which share the JSON body guard and `no-store`. */
export const SEMANTIC_POST_PATHS = SEMANTIC_ROUTES.filter((r) => r.method === 'POST').map((r) => r.path)

/** The routes that read the learned model of meaning in context. */
const MEANING_PATHS = ['/v1/resolve', '/v1/compare', '/v1/illuminate']

/**
 * The fitted parameters of the claim/excerpt inference combiner, versioned by the SHA-256 of their JSON and
 * attributed to SICK, the pairs they were fitted on (its license travels with the parameters).
 */
export function inferenceModelReleaseSource(readBy: string[]): ReleaseSource {
  return {
    name: 'inference-model',
    async describe() {
      const { provenance } = INFERENCE_MODEL
      return {
        name: 'inference-model',
        kind: 'model',
        status: 'available',
        version: await sha256Hex(JSON.stringify(INFERENCE_MODEL)),
        reason: null,
        attribution: {
          source: `Parameters fitted on ${provenance.data} (${provenance.pairs} pairs); no sentence of it is stored`,
          license: provenance.license,
          url: null,
          citation: provenance.citation,
        },
        readBy,
      }
    },
  }
}

/**
 * The learned model of meaning in context (counts derived from SemCor, committed with the code): its
 * version is the SHA-256 of the model text, its attribution SemCor's, under the WordNet licence.
 */
export function semcorModelReleaseSource(readBy: string[]): ReleaseSource {
  return {
    name: SEMCOR_MODEL_INFO.name,
    async describe() {
      return {
        name: SEMCOR_MODEL_INFO.name,
        kind: 'model',
        status: 'available',
        version: SEMCOR_MODEL_INFO.version,
        reason: null,
        attribution: {
          source: `${SEMCOR_MODEL_INFO.source}. ${SEMCOR_MODEL_INFO.derived} ${SEMCOR_MODEL_INFO.instances} tagged instances.`,
          license: SEMCOR_MODEL_INFO.license,
          url: SEMCOR_MODEL_INFO.url,
          citation: SEMCOR_MODEL_INFO.citation,
        },
        readBy,
      }
    },
  }
}

/** The semantic routes and the inference model's record. */
export function semanticV1Extension(): V1Extension {
  return {
    routes: SEMANTIC_ROUTES,
    releases: [inferenceModelReleaseSource(readersOf(SEMANTIC_ROUTES, 'inference-model'))],
  }
}

/** The learned model of meaning in context's record, listed after every other release. */
export function meaningModelV1Extension(): V1Extension {
  return { routes: [], releases: [semcorModelReleaseSource(MEANING_PATHS)] }
}
