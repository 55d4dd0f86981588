/**
 * The shared JSON error shape: every error the service answers carries a stable machine `code`, a human
 * `message`, the HTTP `status` and the request id, with optional `details` naming the fields that failed.
 */
import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export const ErrorDetailSchema = z
  .object({
    path: z
      .string()
      .openapi({ description: 'Dotted path of the field that failed, or empty for the whole input.' }),
    message: z.string().openapi({ description: 'What is wrong with it, naming the bound that failed.' }),
  })
  .openapi('ErrorDetail')

export const ErrorSchema = z
  .object({
    code: z.string().openapi({
      description: 'Stable machine-readable code, for example `word_not_found` or `invalid_request`.',
      example: 'word_not_found',
    }),
    message: z.string().openapi({ description: 'Human-readable explanation.', example: 'No word "qwzx".' }),
    status: z.number().int().openapi({ description: 'The HTTP status, repeated.', example: 404 }),
    requestId: z.string().optional().openapi({ description: 'The `X-Request-Id` of this request.' }),
    details: z.array(ErrorDetailSchema).optional(),
    hint: z
      .string()
      .optional()
      .openapi({ description: 'What the client can do next, for example restart from the manifest.' }),
  })
  .openapi('Error', {
    description:
      'The error body shared by every route. `code` is stable across versions; `message` may change. Errors are never cached (`Cache-Control: no-store`).',
  })

export type ErrorBody = z.infer<typeof ErrorSchema>
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>

/** An error a handler throws to answer with the shared shape. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: { details?: ErrorDetail[]; hint?: string; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export function apiError(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra?: ApiError['extra'],
): ApiError {
  return new ApiError(status, code, message, extra)
}

/** Renders an ApiError as the shared JSON body, never cached. */
export function errorResponse(c: Context, err: ApiError): Response {
  const body: ErrorBody = { code: err.code, message: err.message, status: err.status }
  const requestId = c.get('requestId' as never) as string | undefined
  if (requestId) body.requestId = requestId
  if (err.extra.details) body.details = err.extra.details
  if (err.extra.hint) body.hint = err.extra.hint
  return c.json(body, err.status, { ...err.extra.headers, 'Cache-Control': 'no-store' })
}

/** Builds the OpenAPI response entries for a list of error statuses, all with the shared shape. */
export function errorResponses(statuses: Partial<Record<number, string>>) {
  const out: Record<
    number,
    { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } }
  > = {}
  for (const [status, description] of Object.entries(statuses)) {
    out[Number(status)] = {
      description: description ?? '',
      content: { 'application/json': { schema: ErrorSchema } },
    }
  }
  return out
}

/**
 * The 405 the shared middleware answers on the path of a GET route for any other method, for routes to
 * document with `errorResponses` (the dataset routes answer theirs in plain text instead).
 */
export const GET_ONLY = {
  405: 'A method other than GET or HEAD (`method_not_allowed`, with `Allow`).',
} as const

/** Turns zod issues into error details naming the field and the failed bound. */
export function zodDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))
}
