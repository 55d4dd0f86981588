/** Shapes of `GET /v1` (capabilities) and `GET /v1/releases` (release records). */
import { z } from '@hono/zod-openapi'

export const ReleaseRecordSchema = z
  .object({
    name: z.string().openapi({ example: 'lexicon' }),
    kind: z.string().openapi({ description: '`lexicon`, `usage`, `dataset`, `log`, …', example: 'lexicon' }),
    status: z.enum(['available', 'unavailable']),
    version: z.string().nullable().openapi({
      description: 'The release version hash (SHA-256, 64 hex characters); null when unavailable.',
    }),
    reason: z.string().nullable().openapi({ description: 'Why the release is unavailable; null otherwise.' }),
    attribution: z
      .object({
        source: z.string(),
        license: z.string(),
        url: z.string().nullable(),
        citation: z.string().optional(),
      })
      .nullable(),
    readBy: z.array(z.string()).openapi({ description: 'The `/v1` routes that read this release.' }),
    log: z
      .object({
        origin: z.string(),
        verifierKey: z.string().openapi({
          description:
            'The public key as a C2SP signed-note verifier key: name+keyID+base64(0x01 || Ed25519 key).',
        }),
        checkpoint: z
          .string()
          .openapi({ description: 'The current signed checkpoint (C2SP tlog-checkpoint).' }),
        treeSize: z.number().int(),
        rootHash: z.string().openapi({ description: 'The current root hash, standard base64.' }),
      })
      .optional()
      .openapi({ description: 'For a verifiable log (kind `log`): its public key and current checkpoint.' }),
  })
  .openapi('ReleaseRecord')

export const ReleasesResultSchema = z
  .object({ releases: z.array(ReleaseRecordSchema) })
  .openapi('SemanticReleases', {
    description: 'The releases the semantic routes rest on, each with its version hash and attribution.',
  })

export const RouteDescriptionSchema = z
  .object({
    method: z.enum(['GET', 'POST']),
    path: z.string(),
    summary: z.string(),
    means: z.array(z.string()).openapi({ description: 'What an answer of this route says.' }),
    doesNotMean: z.array(z.string()).openapi({ description: 'What an answer must not be read as.' }),
    bounds: z.array(z.object({ name: z.string(), limit: z.string() })),
    statuses: z.array(z.object({ status: z.number().int(), meaning: z.string() })),
    authentication: z.string(),
    reads: z.array(z.string()).openapi({ description: 'Names of the releases it reads.' }),
  })
  .openapi('RouteDescription')

export const CapabilitiesSchema = z
  .object({
    interfaceVersion: z.string(),
    prefix: z.literal('/v1'),
    requests: z.object({
      contentType: z.string(),
      maxBodyBytes: z.number().int(),
      spans: z.string(),
    }),
    principles: z.array(z.string()),
    routes: z.array(RouteDescriptionSchema),
    releases: z.array(ReleaseRecordSchema),
  })
  .openapi('SemanticCapabilities')

export type ReleaseRecordBody = z.infer<typeof ReleaseRecordSchema>
export type RouteDescriptionBody = z.infer<typeof RouteDescriptionSchema>
