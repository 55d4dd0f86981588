/**
 * The observed-language pipeline: the repository's annotation files and the installed addresses in,
 * DatasetReleaseInput out. It refuses to build at all when any passage or claim is not reviewed, not
 * rights-cleared, or spans text other than the source's, and names every such record with its reason.
 */
import { sha256Hex } from '../../../storage/digest'
import type { DatasetRecord, DatasetReleaseInput, SourceTerms } from '../../../datasets/release-input'
import type { Edition } from '../literary-context/works'
import { countBy } from '../statistics'
import {
  AnnotationFileSchema,
  GUIDELINE_ID,
  PassageAnnotationSchema,
  type ClaimAnnotation,
  type PassageAnnotation,
} from './annotations'
import { exportRecord, type ObservedLanguageRecord } from './export'
import { OBSERVED_LANGUAGE_SCHEMA, OBSERVED_LANGUAGE_SEARCH } from './schema'
import { speechIndex, type Speech } from './speeches'

export type ObservedLanguageSources = {
  speeches: { speeches: readonly Speech[]; edition: Edition }
  /** Annotation files as parsed JSON, each with the path it was read from (for messages). */
  annotations: ReadonlyArray<{ path: string; content: unknown }>
}

export const OBSERVED_LANGUAGE_STATUS = 'reviewed'

export type Refusal = { file: string; record: string; reason: string }

export class RefusedRecordsError extends Error {
  constructor(readonly refusals: Refusal[]) {
    super(
      `observed-language: refusing to build a release; ${refusals.length} record(s) fail:\n` +
        refusals.map((r) => `  - ${r.file}: ${r.record}: ${r.reason}`).join('\n'),
    )
    this.name = 'RefusedRecordsError'
  }
}

type Checked = { passage: PassageAnnotation; speech: Speech; accepted: ClaimAnnotation[]; rejected: number }

async function checkPassage(
  raw: unknown,
  index: number,
  speeches: Map<string, Speech>,
  refuse: (record: string, reason: string) => void,
): Promise<Checked | null> {
  const rawId = (raw as { id?: unknown } | null)?.id
  const parsed = PassageAnnotationSchema.safeParse(raw)
  if (!parsed.success) {
    const label = typeof rawId === 'string' ? rawId : `passage #${index + 1}`
    refuse(
      label,
      `malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    )
    return null
  }
  const passage = parsed.data
  let failures = 0
  const fail = (record: string, reason: string) => {
    failures++
    refuse(record, reason)
  }
  if (!passage.review || passage.review.status !== 'reviewed') fail(passage.id, 'not reviewed')
  else if (passage.review.guideline !== GUIDELINE_ID)
    fail(passage.id, `reviewed under "${passage.review.guideline}", not ${GUIDELINE_ID}`)
  if (!passage.rights || passage.rights.status !== 'cleared') fail(passage.id, 'not rights-cleared')
  const speech = speeches.get(passage.speech)
  if (!speech) {
    fail(passage.id, `no address "${passage.speech}" in the source`)
    return null
  }
  const text = speech.text.slice(passage.start, passage.end)
  if (passage.end > speech.text.length || passage.start >= passage.end) {
    fail(passage.id, `passage span [${passage.start}, ${passage.end}) is outside the address`)
  } else if ((await sha256Hex(text)) !== passage.sha256) {
    fail(passage.id, 'passage text does not match its recorded SHA-256 (the source edition differs)')
  }
  const accepted: ClaimAnnotation[] = []
  let rejected = 0
  for (const claim of passage.claims) {
    const where = `${passage.id} claim ${claim.id}`
    if (claim.end > text.length || claim.start >= claim.end) {
      fail(where, `span [${claim.start}, ${claim.end}) is outside the passage (length ${text.length})`)
    } else if (text.slice(claim.start, claim.end) !== claim.text) {
      fail(where, `span [${claim.start}, ${claim.end}) does not match the claim text`)
    }
    if (!claim.review) fail(where, 'not reviewed')
    else if (claim.review.guideline !== GUIDELINE_ID)
      fail(where, `reviewed under "${claim.review.guideline}", not ${GUIDELINE_ID}`)
    else if (claim.review.decision === 'accepted') accepted.push(claim)
    else rejected++
  }
  return failures === 0 ? { passage, speech, accepted, rejected } : null
}

function sourceTerms(edition: Edition, reviewDates: string[]): SourceTerms {
  return {
    title: 'Observed language: claims in State of the Union addresses',
    summary:
      'Passages of State of the Union addresses with the claims observed in them: each claim with where it ' +
      'starts and ends in the passage, its kind (proposal, commitment, quantitative, causal) and review facts. ' +
      'Only reviewed, rights-cleared passages and accepted claims are released.',
    license:
      'Source text: public domain in the United States (works of the U.S. Government, 17 U.S.C. § 105). ' +
      'Annotations: made available to holders of an observed-language key for their own analysis.',
    attribution:
      'State of the Union addresses of the Presidents of the United States, as published in ' +
      `${edition.package} ${edition.version}; claim annotations by the lexicon-service maintainers.`,
    sources: [
      {
        name: 'State of the Union addresses (year, President, party, text)',
        package: { registry: edition.registry, name: edition.package, version: edition.version },
        license:
          'Public domain (U.S. Government works); the package data is offered under PDDL-1.0 and CC0-1.0',
      },
      {
        name: `Claim annotations under guideline ${GUIDELINE_ID} (content/observed-language in the repository)`,
        license: 'Annotations of the lexicon-service maintainers',
        notes:
          'Claims were proposed by a deterministic rule procedure (content/observed-language/GUIDELINE.md, step 1) ' +
          'and every proposed claim was then read and accepted, corrected or rejected by the project maintainers ' +
          `(${[...new Set(reviewDates)].sort().join(', ')}). This is a single maintainer review, not independent ` +
          'expert annotation; rights were cleared by the maintainers on the basis stated in each record.',
      },
    ],
    limitations: [
      'A claim records what was said, not whether it is true: nothing here is fact-checked.',
      'Annotation is not exhaustive: a sentence without a claim is not asserted to hold none, and only four ' +
        'kinds of claim are annotated.',
      'Single review by the project maintainers, not independent annotators; rejected proposals and reviewer ' +
        'notes are kept in the repository and never released.',
      'Passages are verbatim from the package edition named, including its spelling and punctuation slips.',
    ],
  }
}

export async function buildObservedLanguage(sources: ObservedLanguageSources): Promise<DatasetReleaseInput> {
  const { edition } = sources.speeches
  const speeches = speechIndex(sources.speeches.speeches)
  const refusals: Refusal[] = []
  const checked: Checked[] = []
  const seen = new Set<string>()
  for (const file of sources.annotations) {
    const refuse = (record: string, reason: string) => refusals.push({ file: file.path, record, reason })
    const parsed = AnnotationFileSchema.safeParse(file.content)
    if (!parsed.success) {
      refuse(
        '(file)',
        `malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      )
      continue
    }
    const header = parsed.data
    if (header.guideline !== GUIDELINE_ID)
      refuse('(file)', `guideline "${header.guideline}" is not ${GUIDELINE_ID}`)
    if (header.source.package !== edition.package || header.source.version !== edition.version) {
      refuse(
        '(file)',
        `annotated on ${header.source.package} ${header.source.version}, but ${edition.package} ` +
          `${edition.version} is installed`,
      )
      continue
    }
    for (const [index, raw] of header.passages.entries()) {
      const result = await checkPassage(raw, index, speeches, refuse)
      if (!result) continue
      for (const id of [result.passage.id, ...result.passage.claims.map((c) => c.id)]) {
        if (seen.has(id)) refuse(id, 'id used twice')
        seen.add(id)
      }
      checked.push(result)
    }
  }
  if (refusals.length > 0) throw new RefusedRecordsError(refusals)

  const released = checked.filter((c) => c.accepted.length > 0)
  const records: ObservedLanguageRecord[] = released
    .map((c) => exportRecord(c.passage, c.speech, edition, c.accepted))
    .sort((a, b) => a.source.year - b.source.year || (a.id < b.id ? -1 : 1))
  const claims = records.flatMap((r) => r.claims)
  const reviewDates = checked.flatMap((c) => [
    c.passage.review?.reviewedAt ?? '',
    ...c.passage.claims.map((claim) => claim.review?.reviewedAt ?? ''),
  ])
  return {
    dataset: 'observed-language',
    status: OBSERVED_LANGUAGE_STATUS,
    schema: OBSERVED_LANGUAGE_SCHEMA,
    search: OBSERVED_LANGUAGE_SEARCH,
    sourceTerms: sourceTerms(edition, reviewDates),
    grouping: null,
    records: records as unknown as DatasetRecord[],
    statistics: {
      passages: records.length,
      claims: claims.length,
      claimsByKind: countBy(claims, (c) => c.kind),
      proposedClaimsRejected: checked.reduce((n, c) => n + c.rejected, 0),
      passagesWithoutAcceptedClaims: checked.length - released.length,
      byParty: countBy(records, (r) => r.source.party),
      byCentury: countBy(records, (r) => `${Math.floor(r.source.year / 100) * 100}s`),
      speakers: new Set(records.map((r) => r.source.speaker)).size,
      years: {
        first: records[0]?.source.year ?? null,
        last: records[records.length - 1]?.source.year ?? null,
      },
    },
  }
}
