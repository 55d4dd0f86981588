/** Passages: a field reference plus a half-open UTF-16 range, the one way every result points into the input. */
import type { FieldRef } from './field-ref'
import type { Passage } from './schemas'
import type { Range } from '../text/scan'

export function passage(ref: FieldRef, range: Range): Passage {
  return ref.field === 'source'
    ? { field: 'source', sourceId: ref.sourceId, start: range.start, end: range.end }
    : { field: ref.field, start: range.start, end: range.end }
}

/** How a comparison names its two sides in observations, e.g. "argument sentence" and "source sentence". */
export type SideNames = { sentence: string; match: string; targets: string }
