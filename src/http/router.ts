/**
 * The router factory every feature uses, so that validation failures everywhere answer 400 with the shared
 * error shape and name the field and the bound that failed.
 */
import { OpenAPIHono } from '@hono/zod-openapi'
import { apiError, errorResponse, zodDetails } from './errors'

export type AppEnv = { Variables: { requestId: string } }

export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return
      const details = zodDetails(result.error.issues)
      const first = details[0]
      const message = first
        ? `Invalid ${result.target} ${first.path || 'value'}: ${first.message}`
        : 'Invalid request'
      return errorResponse(c, apiError(400, 'invalid_request', message, { details }))
    },
  })
}
