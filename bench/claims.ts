/**
 * Claims benchmarks, in process: `evaluate-evidence` with one claim and 20 excerpts of 2,000 characters
 * (goal < 20 ms median) and `claims/compare` of two short claims (goal < 2 ms median), each beside a trivial
 * baseline measured in the same run (tokenizing the same texts). Excerpts are the lexicon's own example
 * sentences, with the claim built from words of one of them so that relations are actually inferred.
 */
import os from 'node:os'
import type { Lexicon } from '../src/lexicon/lexicon'
import { compareReadings } from '../src/semantic/claims/compare'
import { evaluateEvidence } from '../src/semantic/claims/evidence'
import { relateClaims } from '../src/semantic/claims/inference'
import { claimsSummary } from '../src/semantic/claims/present'
import { readClaim } from '../src/semantic/claims/reading'
import { tokenize } from '../src/text/tokens'
import { fmt, table, timeIt } from './harness'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import { cpuPerCall, passageOf } from './semantic'

/** The whole compare route's logic: both readings, both comparisons, the relation and the summary. */
function compareClaims(lexicon: Lexicon, first: string, second: string) {
  const a = readClaim(lexicon, first)
  const b = readClaim(lexicon, second)
  const comparison = compareReadings(lexicon, a, b)
  return [
    relateClaims(lexicon, a, b, comparison, compareReadings(lexicon, b, a)),
    claimsSummary(comparison, a.terms.length, b.terms.length),
  ]
}

export async function run(): Promise<void> {
  const { lexicon } = await loadBuiltLexicon()
  const excerpts = Array.from({ length: 20 }, (_, i) => ({
    id: `e${i}`,
    text: passageOf(lexicon, 2000, 30_000 + i * 700),
  }))
  const claim = 'The committee did not approve the new budget for the city schools.'
  const evidence = await timeIt(() => evaluateEvidence(lexicon, claim, excerpts), 60, 10)
  const evidenceBaseline = await timeIt(() => excerpts.forEach((e) => tokenize(e.text)), 60, 10)
  const first = 'All children must eat vegetables every day.'
  const second = 'Some young children may not eat green vegetables.'
  const compare = await timeIt(() => compareClaims(lexicon, first, second), 2000)
  const compareBaseline = await timeIt(() => [tokenize(first), tokenize(second)], 2000)
  const evidenceCpu = await cpuPerCall(() => evaluateEvidence(lexicon, claim, excerpts), 30)
  const compareCpu = await cpuPerCall(() => compareClaims(lexicon, first, second), 1000)
  const ms = (us: number) => fmt(us / 1000, 2)
  table('In-process (milliseconds per call; medians after warm-up, p95 beside)', [
    ['operation', 'median', 'p95', 'CPU per call', 'baseline median', 'goal'],
    [
      `evaluate-evidence: 1 claim, 20 excerpts of ${excerpts[0]?.text.length} chars`,
      ms(evidence.median),
      ms(evidence.p95),
      fmt(evidenceCpu, 2),
      ms(evidenceBaseline.median),
      '< 20',
    ],
    [
      'claims/compare: two claims',
      ms(compare.median),
      ms(compare.p95),
      fmt(compareCpu, 2),
      ms(compareBaseline.median),
      '< 2',
    ],
  ])
  console.log('baseline: tokenizing the same texts, nothing read or compared.')
  console.log(
    `CPU per call: user + system time of the process, which other processes cannot inflate; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores during the run.`,
  )
}
