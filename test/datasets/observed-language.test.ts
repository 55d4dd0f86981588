import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CLAIM_KINDS, GUIDELINE_ID } from '../../src/releases/datasets/observed-language/annotations'
import {
  buildObservedLanguage,
  RefusedRecordsError,
  type ObservedLanguageSources,
} from '../../src/releases/datasets/observed-language/build'
import { proposeAnnotations } from '../../tools/datasets/observed-language-candidates'
import {
  assertAllowlisted,
  fieldsOutsideAllowlist,
  type ObservedLanguageRecord,
} from '../../src/releases/datasets/observed-language/export'
import { loadObservedLanguageSources } from '../../src/releases/datasets/observed-language/node'
import { speechIndex } from '../../src/releases/datasets/observed-language/speeches'
import { canonicalJson } from '../../src/storage/canonical-json'
import { schemaViolations } from '../helpers/json-schema'

const sources = loadObservedLanguageSources()
const input = await buildObservedLanguage(sources)
const records = input.records as unknown as ObservedLanguageRecord[]
const speeches = speechIndex(sources.speeches.speeches)

type Json = Record<string, unknown> & {
  passages: Array<Record<string, unknown> & { claims: Array<Record<string, unknown>> }>
}

/** A deep copy of the real annotation file, for changing one thing and seeing what the pipeline says. */
function annotationCopy(): Json {
  return structuredClone(sources.annotations[0]?.content) as Json
}

function withFile(content: Json): ObservedLanguageSources {
  return {
    speeches: sources.speeches,
    annotations: [{ path: 'content/observed-language/test.json', content }],
  }
}

async function refusals(content: Json): Promise<string[]> {
  try {
    await buildObservedLanguage(withFile(content))
  } catch (err) {
    assert.ok(err instanceof RefusedRecordsError, String(err))
    return err.refusals.map((r) => `${r.record}: ${r.reason}`)
  }
  assert.fail('the pipeline built a release it should have refused')
}

describe('observed-language content', () => {
  it('releases a first set of a few hundred reviewed claims from the repository annotations', () => {
    const claims = records.flatMap((r) => r.claims)
    assert.equal(records.length, 110)
    assert.equal(claims.length, 335)
    assert.equal(input.status, 'reviewed')
    assert.equal(
      new Set([...records.map((r) => r.id), ...claims.map((c) => c.id)]).size,
      records.length + claims.length,
    )
    for (const kind of CLAIM_KINDS)
      assert.ok(
        claims.some((c) => c.kind === kind),
        kind,
      )
    assert.deepEqual(schemaViolations(input.schema, records), [])
  })

  it('takes every passage verbatim from its address and every claim span from its passage', () => {
    for (const r of records) {
      const speech = [...speeches.values()].find(
        (s) => s.year === r.source.year && s.name === r.source.speaker,
      )
      assert.ok(speech, r.id)
      assert.equal(speech.text.slice(r.source.locator.start, r.source.locator.end), r.passage, r.id)
      assert.equal(r.source.party, speech.party)
      for (const c of r.claims) assert.equal(r.passage.slice(c.start, c.end), c.text, c.id)
    }
  })

  it('carries review facts and rights clearance on every record and claim, and says who reviewed', () => {
    for (const r of records) {
      assert.equal(r.rights.status, 'cleared')
      assert.match(r.rights.basis, /17 U\.S\.C\. 105/)
      for (const review of [r.review, ...r.claims.map((c) => c.review)]) {
        assert.equal(review.guideline, GUIDELINE_ID)
        assert.equal(review.reviewedBy, 'lexicon-service maintainers')
        assert.match(review.reviewedAt, /^\d{4}-\d{2}-\d{2}$/)
      }
      assert.deepEqual(r.source.edition, sources.speeches.edition)
    }
    assert.match(input.sourceTerms.sources[1]?.notes ?? '', /by the project maintainers/)
  })

  it('leaves rejected proposals and reviewer notes in the repository', () => {
    const file = annotationCopy()
    const rejected = file.passages
      .flatMap((p) => p.claims)
      .filter((c) => (c.review as { decision: string }).decision === 'rejected')
    assert.ok(rejected.length > 0)
    const released = new Set(records.flatMap((r) => r.claims.map((c) => c.id)))
    for (const claim of rejected) assert.ok(!released.has(claim.id as string), String(claim.id))
    const serialized = JSON.stringify(records)
    assert.ok(!serialized.includes('"notes"'), 'notes reached the release')
    for (const claim of rejected) {
      assert.ok(
        !serialized.includes((claim.review as { notes: string }).notes),
        `${claim.id}: its note reached the release`,
      )
    }
  })

  it('was proposed by the documented procedure: regenerating gives the same passages, spans and claims', async () => {
    const proposed = await proposeAnnotations(sources.speeches.speeches)
    const file = annotationCopy()
    assert.equal(file.guideline, GUIDELINE_ID)
    assert.deepEqual(
      file.passages.map((p) => [p.id, p.speech, p.start, p.end, p.sha256]),
      proposed.map((p) => [p.id, p.speech, p.start, p.end, p.sha256]),
    )
    const byId = new Map(proposed.flatMap((p) => p.claims).map((c) => [c.id, c]))
    for (const claim of file.passages.flatMap((p) => p.claims)) {
      const original = byId.get(claim.id as string)
      assert.ok(original, String(claim.id))
      assert.deepEqual([claim.start, claim.end, claim.text], [original.start, original.end, original.text])
      const notes = (claim.review as { notes?: string }).notes ?? ''
      if (claim.kind !== original.kind)
        assert.match(notes, new RegExp(`kind corrected from ${original.kind}`))
    }
  })

  it('rebuilds to an identical input', async () => {
    assert.equal(canonicalJson(await buildObservedLanguage(sources)), canonicalJson(input))
  })
})

describe('observed-language refusals', () => {
  it('refuses a passage that is not reviewed or not rights-cleared, naming it', async () => {
    const file = annotationCopy()
    const [first, second, third] = file.passages as [
      Json['passages'][0],
      Json['passages'][0],
      Json['passages'][0],
    ]
    first.review = null
    ;(second.review as Record<string, unknown>).status = 'pending'
    third.rights = { ...(third.rights as object), status: 'pending' }
    const said = await refusals(file)
    assert.ok(said.includes(`${first.id}: not reviewed`), said.join('\n'))
    assert.ok(said.includes(`${second.id}: not reviewed`))
    assert.ok(said.includes(`${third.id}: not rights-cleared`))
  })

  it('refuses a claim that is not reviewed, or reviewed under another guideline', async () => {
    const file = annotationCopy()
    const passage = file.passages[5] as Json['passages'][0]
    const [a, b] = passage.claims as [Record<string, unknown>, Record<string, unknown>]
    a.review = null
    b.review = { ...(b.review as object), guideline: 'something-else/0' }
    const said = await refusals(file)
    assert.ok(said.includes(`${passage.id} claim ${a.id}: not reviewed`), said.join('\n'))
    assert.ok(
      said.some((s) => s.startsWith(`${passage.id} claim ${b.id}: reviewed under "something-else/0"`)),
    )
  })

  it('refuses spans that do not match the passage text, and passages whose text changed', async () => {
    const file = annotationCopy()
    const passage = file.passages[10] as Json['passages'][0]
    const [a, b] = passage.claims as [Record<string, unknown>, Record<string, unknown>]
    a.start = (a.start as number) + 1
    b.end = 100_000
    const other = file.passages[20] as Json['passages'][0]
    other.sha256 = '0'.repeat(64)
    const said = await refusals(file)
    assert.ok(
      said.some(
        (s) =>
          s.startsWith(`${passage.id} claim ${a.id}: span [`) && s.endsWith('does not match the claim text'),
      ),
    )
    assert.ok(
      said.some(
        (s) => s.startsWith(`${passage.id} claim ${b.id}: span [`) && s.includes('outside the passage'),
      ),
    )
    assert.ok(said.some((s) => s.startsWith(`${other.id}: passage text does not match its recorded SHA-256`)))
  })

  it('refuses annotations made on another edition of the source, or malformed ones', async () => {
    const file = annotationCopy()
    ;(file.source as Record<string, unknown>).version = '0.0.1'
    assert.match((await refusals(file)).join('\n'), /annotated on @stdlib\/datasets-sotu 0\.0\.1/)
    const broken = annotationCopy()
    ;(broken.passages[0] as Record<string, unknown>).start = 'early'
    assert.match((await refusals(broken)).join('\n'), /^sotu-1790-george-washington: malformed: start/m)
  })
})

describe('observed-language export allowlist', () => {
  it('lets nothing outside the allowlist reach a release, whatever the annotation files hold', async () => {
    const file = annotationCopy()
    const marker = 'LEAK-CHECK-7f3a'
    file.reviewerNotes = marker
    for (const passage of file.passages) {
      passage.context = `${marker} the sentence before the passage`
      passage.notes = marker
      passage.reviewerEmail = `${marker}@example.org`
      ;(passage.review as Record<string, unknown>).notes = marker
      ;(passage.rights as Record<string, unknown>).contract = marker
      for (const claim of passage.claims) {
        claim.quotedContext = marker
        claim.comment = marker
        ;(claim.review as Record<string, unknown>).notes = marker
        ;(claim.review as Record<string, unknown>)[`${marker}-confidence`] = 0.2
      }
    }
    const built = await buildObservedLanguage(withFile(file))
    const serialized = canonicalJson(built)
    assert.ok(!serialized.includes(marker), 'an injected field or value reached the release')
    assert.deepEqual(
      built.records.flatMap((r) => fieldsOutsideAllowlist(r)),
      [],
    )
    assert.equal(canonicalJson(built.records), canonicalJson(input.records))
  })

  it('names every field outside the allowlist, at any depth', () => {
    const record = structuredClone(records[0]) as unknown as Record<string, unknown>
    record.notes = 'x'
    ;(record.source as Record<string, unknown>).context = 'y'
    ;((record.claims as Array<Record<string, unknown>>)[0]?.review as Record<string, unknown>).notes = 'z'
    ;(record.review as Record<string, unknown>).reviewedBy = { name: 'nested' }
    assert.deepEqual(fieldsOutsideAllowlist(record).sort(), [
      'claims[0].review.notes',
      'notes',
      'review.reviewedBy (an object where a value belongs)',
      'source.context',
    ])
    assert.throws(() => assertAllowlisted(record), /fields outside the export allowlist: .*source\.context/)
    assert.doesNotThrow(() => assertAllowlisted(records[0]))
  })
})
