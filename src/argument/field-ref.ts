/** Which field of the review request a passage points into: kept apart so passages need not know documents. */
export type FieldRef =
  { field: 'text' } | { field: 'context' } | { field: 'reply' } | { field: 'source'; sourceId: string }
