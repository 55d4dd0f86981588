/**
 * What the `/v1` discovery documents (`GET /v1`, `GET /v1/releases`) say about the observation log and
 * its routes: the routes, the log's verifier key (C2SP signed-note format) and its current checkpoint.
 * The semantic discovery routes embed `consensusDiscovery(...)` under their own response.
 */
import { z } from '@hono/zod-openapi'
import { CONSENSUS_RULE } from './consensus'
import { checkpointFields } from './predict'
import type { ObservationLogProvider } from './provider'
import { OBSERVATION_SCOPE, OBSERVATIONS_PATH, PREDICT_PATH, VERIFY_PATH } from './routes'
import { CheckpointSchema, ENTRY_FORMAT, LIMITS } from './schemas'

export const CONSENSUS_ROUTES = [
  {
    method: 'POST',
    path: OBSERVATIONS_PATH,
    purpose: 'explicitly contribute a source observation',
    auth: `bearer key with the "${OBSERVATION_SCOPE}" scope`,
  },
  { method: 'POST', path: PREDICT_PATH, purpose: 'read chain-grounded consensus state', auth: 'none' },
  { method: 'POST', path: VERIFY_PATH, purpose: 'replay committed consensus evidence', auth: 'none' },
] as const

export const ConsensusLogRecordSchema = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    reason: z.string().optional(),
    origin: z.string().optional(),
    verifierKey: z.string().optional().openapi({
      description:
        'The log public key as a C2SP signed-note verifier key: name+keyID+base64(0x01 || Ed25519 key).',
    }),
    checkpoint: CheckpointSchema.optional(),
    hashing: z.string(),
    checkpointFormat: z.string(),
    entryFormat: z.string(),
    consensusRule: z.string(),
    limits: z.record(z.string(), z.number()),
    routes: z.array(
      z.object({ method: z.string(), path: z.string(), purpose: z.string(), auth: z.string() }),
    ),
  })
  .openapi('ConsensusLog', { description: 'The observation log: key, current checkpoint, formats, routes.' })

export type ConsensusLogRecord = z.infer<typeof ConsensusLogRecordSchema>

export async function consensusDiscovery(provider: ObservationLogProvider): Promise<ConsensusLogRecord> {
  const fixed = {
    hashing: 'RFC 9162 Merkle tree, SHA-256 (leaf 0x00, node 0x01)',
    checkpointFormat: 'C2SP tlog-checkpoint in a C2SP signed note, Ed25519 (signature type 0x01)',
    entryFormat: `${ENTRY_FORMAT}, RFC 8785 canonical JSON`,
    consensusRule: CONSENSUS_RULE,
    limits: { ...LIMITS },
    routes: CONSENSUS_ROUTES.map((r) => ({ ...r })),
  }
  const state = await provider.current()
  if (state.status !== 'ready') return { status: 'unavailable', reason: state.reason, ...fixed }
  const checkpoint = await state.log.checkpoint()
  return {
    status: 'ready',
    origin: state.log.origin,
    verifierKey: state.log.signer.verifierKey,
    checkpoint: checkpointFields(checkpoint),
    ...fixed,
  }
}
