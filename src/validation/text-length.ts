/**
 * Strings bounded in UTF-16 code units, the unit the README and the OpenAPI description promise (what
 * JavaScript's `String.length` counts). zod 4's own `.min`/`.max` count code points, so an astral
 * character (an emoji) counts once there and twice here: every length bound on a request goes through
 * this one helper instead.
 */
import { z } from '@hono/zod-openapi'

export interface UnitBounds {
  /** Fewest code units (default 0). */
  min?: number
  /** Most code units. */
  max: number
  /** Message when shorter than `min`. */
  tooShort?: string
  /** Message when longer than `max`. */
  tooLong?: string
  /** Message when the value is not a string. */
  notString?: string
}

/** A string of `min` to `max` UTF-16 code units, documented as `minLength`/`maxLength`. */
export function unitString(bounds: UnitBounds) {
  const { min = 0, max } = bounds
  const tooLong = bounds.tooLong ?? `must be at most ${max} characters (UTF-16 code units)`
  const tooShort =
    bounds.tooShort ??
    (min === 1 ? 'must not be empty' : `must be at least ${min} characters (UTF-16 code units)`)
  let schema = z.string(bounds.notString ? { error: bounds.notString } : undefined)
  // The length is checked before any later refinement, which then never scans an overlong value.
  if (min > 0) schema = schema.refine((value) => value.length >= min, { error: tooShort, abort: true })
  schema = schema.refine((value) => value.length <= max, { error: tooLong, abort: true })
  return schema.openapi(min > 0 ? { minLength: min, maxLength: max } : { maxLength: max })
}
