/**
 * Scoring of the local review (`text-checks`) on written review cases: each case is an argument against
 * sources with the discrepancies written into it listed as expected findings, optional `allowed` statements
 * and `false` patterns (what the texts contradict). The review's answer is read as statements, and each is
 * classed as helpful, false, allowed, a confirmation or noise. Pure functions; reading the files and running
 * the review are the caller's. Definitions in docs/methods/argument-review.md.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import type { TextCheckReview } from '../../src/argument/schemas'

const FindingSchema = z.object({
  sentence: z.number().int().nonnegative(),
  kind: z.string(),
  values: z.array(z.string()),
})

export const ReviewCaseSchema = z.object({
  id: z.string(),
  register: z.string(),
  faithful: z.boolean(),
  text: z.string(),
  sources: z.array(z.object({ id: z.string(), label: z.string(), text: z.string() })),
  expected: z.array(FindingSchema),
  allowed: z.array(FindingSchema),
  false: z.array(z.object({ sentence: z.number().int().nonnegative().nullable(), pattern: z.string() })),
})
export type ReviewCase = z.infer<typeof ReviewCaseSchema>
type Finding = z.infer<typeof FindingSchema>

/** The cases of a folder, in file-name order. */
export async function readReviewCases(folder: string): Promise<ReviewCase[]> {
  const names = (await readdir(folder)).filter((n) => n.endsWith('.json')).sort()
  return Promise.all(
    names.map(async (n) => ReviewCaseSchema.parse(JSON.parse(await readFile(join(folder, n), 'utf8')))),
  )
}

/**
 * One thing the review states about one argument sentence. `note` statements ask the reader to look (a
 * differing figure, a cue difference, a wording contrast, a quotation not found verbatim, scare quotes);
 * `confirmation` statements say a figure or quotation is found as written. Folded groups are counted apart.
 */
export type Statement = { sentence: number; kind: string; note: boolean; text: string }

export type Review = Pick<TextCheckReview, 'sentences' | 'quotations'>

/** The statements of a review, sentence by sentence, and how many sentences have a folded group. */
export function statementsOf(review: Review): { statements: Statement[]; folded: number } {
  const out: Statement[] = []
  let folded = 0
  for (const s of review.sentences) {
    for (const n of s.numbers) {
      const confirmed = n.status === 'same-value-in-match' && !/but there/.test(n.observation)
      out.push({
        sentence: s.index,
        kind: n.kind === 'date' ? 'date' : 'number',
        note: !confirmed,
        text: n.observation,
      })
    }
    for (const c of s.cues) out.push({ sentence: s.index, kind: c.cue, note: true, text: c.observation })
    for (const c of s.contrasts)
      out.push({ sentence: s.index, kind: c.kind, note: true, text: c.observation })
    for (const f of s.framing)
      if (f.kind === 'scare-quotes' || f.kind === 'sarcasm')
        out.push({ sentence: s.index, kind: 'framing', note: true, text: `${f.kind}: ${f.text}` })
    if (s.extras !== null) folded++
  }
  for (const q of review.quotations) {
    const sentence = review.sentences.find(
      (s) => s.passage.start <= q.passage.start && q.passage.end <= s.passage.end,
    )
    out.push({
      sentence: sentence?.index ?? -1,
      kind: 'quotation',
      note: q.status !== 'verbatim',
      text: `"${q.quote}": ${q.observation}`,
    })
  }
  return { statements: out, folded }
}

const normalized = (s: string) =>
  s
    .toLowerCase()
    .replace(/[‐-―−]/g, '-')
    .replace(/\s+/g, ' ')

/** A figure's kind and a date's are one family: a case may list a year as either. */
const family = (kind: string) => (kind === 'date' ? 'number' : kind)

function matches(statement: Statement, finding: Finding): boolean {
  if (statement.sentence !== finding.sentence || family(statement.kind) !== family(finding.kind)) return false
  const text = normalized(statement.text)
  return finding.values.every((v) => text.includes(normalized(v)))
}

export type Verdict = 'helpful' | 'false' | 'allowed' | 'confirmation' | 'noise'

export type CaseScore = {
  id: string
  faithful: boolean
  sentences: number
  expected: number
  found: number
  missed: Finding[]
  statements: number
  helpful: number
  false: number
  allowed: number
  confirmations: number
  noise: number
  folded: number
  /** The most notes any one sentence got. */
  maxNotesPerSentence: number
  classed: Array<Statement & { verdict: Verdict }>
}

/** A statement matching a `false` pattern is false; else one matching an expected finding helps; else one
 *  matching an allowed finding is allowed; else a confirmation is a confirmation and a note is noise. */
export function scoreCase(c: ReviewCase, review: Review): CaseScore {
  const { statements, folded } = statementsOf(review)
  const falsePatterns = c.false.map((f) => ({ sentence: f.sentence, re: new RegExp(f.pattern, 'i') }))
  const found = new Set<number>()
  const classed = statements.map((s) => {
    let verdict: Verdict
    if (falsePatterns.some((f) => (f.sentence === null || f.sentence === s.sentence) && f.re.test(s.text)))
      verdict = 'false'
    else {
      const hit = c.expected.findIndex((e) => matches(s, e))
      if (hit !== -1) {
        found.add(hit)
        verdict = 'helpful'
      } else if (c.allowed.some((a) => matches(s, a))) verdict = 'allowed'
      else verdict = s.note ? 'noise' : 'confirmation'
    }
    return { ...s, verdict }
  })
  const count = (v: Verdict) => classed.filter((s) => s.verdict === v).length
  const notesPer = new Map<number, number>()
  for (const s of statements) if (s.note) notesPer.set(s.sentence, (notesPer.get(s.sentence) ?? 0) + 1)
  return {
    id: c.id,
    faithful: c.faithful,
    sentences: review.sentences.length,
    expected: c.expected.length,
    found: found.size,
    missed: c.expected.filter((_, i) => !found.has(i)),
    statements: statements.length,
    helpful: count('helpful'),
    false: count('false'),
    allowed: count('allowed'),
    confirmations: count('confirmation'),
    noise: count('noise'),
    folded,
    maxNotesPerSentence: Math.max(0, ...notesPer.values()),
    classed,
  }
}

export type Totals = Omit<CaseScore, 'id' | 'faithful' | 'missed' | 'classed' | 'maxNotesPerSentence'> & {
  cases: number
  foundShare: number
  noiseShare: number
  /** The most notes a sentence of a faithful argument got. */
  faithfulMaxNotes: number
}

export function totals(scores: CaseScore[]): Totals {
  const sum = (
    key:
      | 'sentences'
      | 'expected'
      | 'found'
      | 'statements'
      | 'helpful'
      | 'false'
      | 'allowed'
      | 'confirmations'
      | 'noise'
      | 'folded',
  ) => scores.reduce((n, s) => n + s[key], 0)
  const t = {
    cases: scores.length,
    sentences: sum('sentences'),
    expected: sum('expected'),
    found: sum('found'),
    statements: sum('statements'),
    helpful: sum('helpful'),
    false: sum('false'),
    allowed: sum('allowed'),
    confirmations: sum('confirmations'),
    noise: sum('noise'),
    folded: sum('folded'),
  }
  return {
    ...t,
    foundShare: t.expected === 0 ? 1 : t.found / t.expected,
    noiseShare: t.statements === 0 ? 0 : t.noise / t.statements,
    faithfulMaxNotes: Math.max(0, ...scores.filter((s) => s.faithful).map((s) => s.maxNotesPerSentence)),
  }
}
