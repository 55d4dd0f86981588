/** JSON Schema fragments the datasets' record schemas share. */

/** The package and exact version a text was taken from. */
export const EDITION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['registry', 'package', 'version'],
  properties: {
    registry: { enum: ['npm', 'debian'] },
    package: { type: 'string' },
    version: { type: 'string' },
  },
}

/** A half-open range of UTF-16 code units. */
export const SPAN_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['start', 'end'],
  properties: { start: { type: 'integer', minimum: 0 }, end: { type: 'integer', minimum: 1 } },
}
