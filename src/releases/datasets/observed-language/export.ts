/**
 * What of an observed-language annotation may leave the repository: an allowlist of fields, applied by
 * building each released record field by field and then checked again over the whole record, so a reviewer's
 * notes, quoted context or any field added to the annotation files later cannot reach a release.
 */
import type { Edition } from '../literary-context/works'
import type { ClaimAnnotation, ClaimKind, PassageAnnotation } from './annotations'
import type { Speech } from './speeches'

type Allow = { readonly [field: string]: Allow | true }

/** Every field a released record may hold; `true` is a leaf, a nested object names its own fields. */
export const EXPORTED_FIELDS: Allow = {
  id: true,
  source: {
    title: true,
    year: true,
    speaker: true,
    party: true,
    edition: { registry: true, package: true, version: true },
    locator: { start: true, end: true },
  },
  passage: true,
  rights: { status: true, basis: true, clearedBy: true, clearedAt: true },
  review: { reviewedBy: true, reviewedAt: true, guideline: true },
  claims: {
    id: true,
    start: true,
    end: true,
    text: true,
    kind: true,
    review: { reviewedBy: true, reviewedAt: true, guideline: true },
  },
}

export type ReviewFacts = { reviewedBy: string; reviewedAt: string; guideline: string }

export type ObservedLanguageRecord = {
  id: string
  source: {
    title: string
    year: number
    speaker: string
    party: string
    edition: Edition
    /** Half-open UTF-16 offsets of the passage in the address text of that edition. */
    locator: { start: number; end: number }
  }
  passage: string
  rights: { status: 'cleared'; basis: string; clearedBy: string; clearedAt: string }
  review: ReviewFacts
  claims: Array<{
    id: string
    start: number
    end: number
    text: string
    kind: ClaimKind
    review: ReviewFacts
  }>
}

function reviewFacts(review: { reviewer: string; reviewedAt: string; guideline: string }): ReviewFacts {
  return { reviewedBy: review.reviewer, reviewedAt: review.reviewedAt, guideline: review.guideline }
}

/** The released form of a validated passage: only accepted claims, only allowlisted fields. */
export function exportRecord(
  passage: PassageAnnotation,
  speech: Speech,
  edition: Edition,
  accepted: readonly ClaimAnnotation[],
): ObservedLanguageRecord {
  const rights = passage.rights as NonNullable<PassageAnnotation['rights']>
  const record: ObservedLanguageRecord = {
    id: passage.id,
    source: {
      title: 'State of the Union address',
      year: speech.year,
      speaker: speech.name,
      party: speech.party,
      edition: { registry: edition.registry, package: edition.package, version: edition.version },
      locator: { start: passage.start, end: passage.end },
    },
    passage: speech.text.slice(passage.start, passage.end),
    rights: {
      status: 'cleared',
      basis: rights.basis,
      clearedBy: rights.clearedBy,
      clearedAt: rights.clearedAt,
    },
    review: reviewFacts(passage.review as NonNullable<PassageAnnotation['review']>),
    claims: accepted.map((claim) => ({
      id: claim.id,
      start: claim.start,
      end: claim.end,
      text: claim.text,
      kind: claim.kind,
      review: reviewFacts(claim.review as NonNullable<ClaimAnnotation['review']>),
    })),
  }
  assertAllowlisted(record)
  return record
}

/** Paths of every field of `value` that the allowlist does not name (array items share their field's list). */
export function fieldsOutsideAllowlist(value: unknown, allow: Allow = EXPORTED_FIELDS, path = ''): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => fieldsOutsideAllowlist(item, allow, `${path}[${i}]`))
  if (value === null || typeof value !== 'object') return []
  const out: string[] = []
  for (const [key, child] of Object.entries(value)) {
    const rule = Object.hasOwn(allow, key) ? allow[key] : undefined
    const at = path ? `${path}.${key}` : key
    if (rule === undefined) out.push(at)
    else if (rule !== true) out.push(...fieldsOutsideAllowlist(child, rule, at))
    else if (child !== null && typeof child === 'object') out.push(`${at} (an object where a value belongs)`)
  }
  return out
}

export function assertAllowlisted(record: unknown): void {
  const outside = fieldsOutsideAllowlist(record)
  if (outside.length > 0) {
    throw new Error(`observed-language: fields outside the export allowlist: ${outside.join(', ')}`)
  }
}
