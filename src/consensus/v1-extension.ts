/**
 * What the `/v1` discovery documents (`GET /v1`, `GET /v1/releases`) say about the observation log: its
 * three routes, and a release record of kind `log` carrying the log's public key (C2SP signed-note
 * verifier key) and its current signed checkpoint: the consensus feature's V1Extension, which the
 * composition root lists with the others.
 */
import type { RouteDescriptionBody } from '../v1/discovery-schemas'
import type { ReleaseRecord, ReleaseSource, V1Extension } from '../v1/releases'
import { toHex } from '../storage/digest'
import { CONSENSUS_RULE } from './consensus'
import { checkpointFields } from './predict'
import type { ObservationLogProvider } from './provider'
import { OBSERVATION_SCOPE, OBSERVATIONS_PATH, PREDICT_PATH, VERIFY_PATH } from './routes'
import { LIMITS } from './schemas'

const LOG_RELEASE = 'observation-log'
const JSON_STATUSES = (maxBytes: number) => [
  { status: 400, meaning: 'invalid JSON or a field outside its bounds (`details` names it)' },
  { status: 413, meaning: `body larger than ${maxBytes} bytes` },
  { status: 415, meaning: 'body not JSON' },
  { status: 503, meaning: 'the observation log or the lexicon is unavailable' },
]

const CONSENSUS_ROUTES: RouteDescriptionBody[] = [
  {
    method: 'POST',
    path: OBSERVATIONS_PATH,
    summary: 'Contribute a source observation: an expression used in a lexicon meaning, in a quoted passage.',
    means: [
      'The observation is appended to the verifiable log (or was already there: `duplicate`), with its index, leaf hash, a signed checkpoint including it and the inclusion proof.',
    ],
    doesNotMean: [
      'Not a review: the service checks that the meaning belongs to the expression and the span holds it, not that the reading is right.',
      'The URL is kept as metadata and never fetched.',
    ],
    bounds: [
      { name: 'expression', limit: `1 to ${LIMITS.expression} characters` },
      { name: 'meaning', limit: `1 to ${LIMITS.meaning} characters, a meaning ID of the expression` },
      { name: 'source.label', limit: `1 to ${LIMITS.label} characters` },
      { name: 'source.url', limit: `at most ${LIMITS.url} characters, http or https` },
      { name: 'source.passage', limit: `1 to ${LIMITS.passage} UTF-16 code units` },
      { name: 'source.span', limit: 'half-open UTF-16 range of the passage holding the expression' },
      { name: 'mayShare', limit: 'must be true' },
    ],
    statuses: [
      { status: 201, meaning: 'appended' },
      { status: 200, meaning: 'the same contribution from the same key was already in the log' },
      { status: 401, meaning: 'key missing, invalid, revoked or expired' },
      { status: 403, meaning: `key without the "${OBSERVATION_SCOPE}" scope` },
      ...JSON_STATUSES(LIMITS.observationBodyBytes),
    ],
    authentication: `bearer key with the "${OBSERVATION_SCOPE}" scope; the log keeps a pseudonym of it`,
    reads: [LOG_RELEASE, 'lexicon'],
  },
  {
    method: 'POST',
    path: PREDICT_PATH,
    summary: 'The contributors’ consensus on an expression at a checkpoint, with the evidence to check it.',
    means: [
      `Observations and distinct contributors per meaning and the leading meaning by rule ${CONSENSUS_RULE} (repetition never counts twice), with the checkpoint and each counted entry’s inclusion proof.`,
      'With a passage: the consensus of the meaning /v1/resolve chooses there (its support, share and strength), and whether it is the leading meaning or another meaning contributors also observed.',
    ],
    doesNotMean: [
      'Not a statement of what the expression means: it counts who observed which meaning.',
      `Counts the earliest ${LIMITS.evidence} entries of the expression; \`total\` says how many there are.`,
    ],
    bounds: [
      { name: 'expression', limit: `1 to ${LIMITS.expression} characters` },
      { name: 'passage', limit: `1 to ${LIMITS.passage} UTF-16 code units` },
      { name: 'treeSize', limit: 'at most the current size of the log' },
    ],
    statuses: [
      { status: 200, meaning: 'the consensus state' },
      { status: 404, meaning: 'not a lexicon word, or no checkpoint of that size yet' },
      ...JSON_STATUSES(LIMITS.predictBodyBytes),
    ],
    authentication: 'none',
    reads: [LOG_RELEASE, 'lexicon'],
  },
  {
    method: 'POST',
    path: VERIFY_PATH,
    summary: 'Replay consensus evidence step by step and name the step that failed.',
    means: [
      'Checkpoint signature and body, leaf hashes, inclusion proofs, entries, consistency with an earlier checkpoint, agreement with this log, completeness and the recomputed consensus.',
    ],
    doesNotMean: ['A valid replay shows the evidence is the log’s, not that the observations are right.'],
    bounds: [
      { name: 'entries', limit: `at most ${LIMITS.evidence}, each leaf at most ${LIMITS.leaf} characters` },
      { name: 'proofs', limit: `at most ${LIMITS.proofHashes} hashes` },
      { name: 'checkpoint.note', limit: `at most ${LIMITS.checkpointNote} characters` },
    ],
    statuses: [
      { status: 200, meaning: 'each step with its outcome' },
      ...JSON_STATUSES(LIMITS.verifyBodyBytes),
    ],
    authentication: 'none',
    reads: [LOG_RELEASE],
  },
]

function logReleaseSource(provider: ObservationLogProvider): ReleaseSource {
  const base = {
    name: LOG_RELEASE,
    kind: 'log',
    attribution: {
      source: 'Observations contributed through POST /v1/observations (contributors pseudonymous)',
      license: 'Each passage is published on its contributor’s statement that they may share it',
      url: null,
    },
    readBy: CONSENSUS_ROUTES.map((r) => r.path),
  }
  return {
    name: LOG_RELEASE,
    async describe(): Promise<ReleaseRecord> {
      const state = await provider.current()
      if (state.status !== 'ready') {
        return { ...base, status: 'unavailable', version: null, reason: state.reason }
      }
      const checkpoint = checkpointFields(await state.log.checkpoint())
      return {
        ...base,
        status: 'available',
        // A log's version is its current root hash: it changes with every append.
        version: toHex(state.log.root(checkpoint.treeSize)),
        reason: null,
        log: {
          origin: checkpoint.origin,
          verifierKey: state.log.signer.verifierKey,
          checkpoint: checkpoint.note,
          treeSize: checkpoint.treeSize,
          rootHash: checkpoint.rootHash,
        },
      }
    },
  }
}

export function consensusV1Extension(provider: ObservationLogProvider): V1Extension {
  return { routes: CONSENSUS_ROUTES, releases: [logReleaseSource(provider)] }
}
