/**
 * The `GET /v1` capability document: each semantic route with its method, bounds, statuses, what its answers
 * mean and do not mean, and the releases it reads. Other features append their routes through `V1Extension`.
 */
import { BUSY } from '../route-work/busy'
import { BOUNDS, ILLUMINATE_DEFAULT_CANDIDATES } from '../semantic/bounds'
import type { ReleaseRecordBody, RouteDescriptionBody } from './discovery-schemas'

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
    method: 'GET',
    path: '/v1',
    summary: 'This capability document.',
    means: ['The routes, bounds and releases of the semantic interface as currently configured.'],
    doesNotMean: ['Not a guarantee that every release is available; see each release’s status.'],
    bounds: [],
    statuses: [{ status: 200, meaning: 'the document' }],
    authentication: 'none',
    reads: [],
  },
  {
    method: 'GET',
    path: '/v1/releases',
    summary: 'The release records the semantic routes rest on, with version hashes and attribution.',
    means: ['Which release version each route reads now, and under which attribution and license.'],
    doesNotMean: [
      'A hash proves integrity against the manifest only; it does not prove the source is correct.',
    ],
    bounds: [],
    statuses: [{ status: 200, meaning: 'the records (an unavailable release is listed with its reason)' }],
    authentication: 'none',
    reads: [],
  },
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

export function capabilities(
  interfaceVersion: string,
  routes: RouteDescriptionBody[],
  releases: ReleaseRecordBody[],
) {
  return {
    interfaceVersion,
    prefix: '/v1' as const,
    requests: {
      contentType: 'application/json (UTF-8); anything else answers 415',
      maxBodyBytes: BOUNDS.bodyBytes,
      spans: 'Every span is a half-open range [start, end) of UTF-16 code units into the text it came from.',
    },
    principles: [
      'Deterministic: the same request and releases give the same answer.',
      'Explainable: answers carry the words, spans and meanings they rest on.',
      'Honest: the meaning routes abstain when the evidence does not separate meanings; no route says a claim is true or false.',
    ],
    routes,
    releases,
  }
}
