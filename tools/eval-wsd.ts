/**
 * `npm run eval:wsd -- FILE...`: meaning in context on sense-tagged running text (the JSON Lines of
 * `../shared/wsd` beside the project, read from the paths given), per file and overall, beside two first-meaning
 * baselines computed here; `--hints` also gives the gold lemma and part of speech as hints; `--ablation`
 * also prints the method built up one kind of evidence at a time from the prior alone, per file and part
 * of speech; `--model PATH` reads a model text written by `train:wsd -- --out PATH` in place of the
 * release's (to try training settings without rebuilding the release); `--hint-gap` also counts, per file, the targets the hints answer differently from the
 * service's own reading, by why that reading differs. Without files, or with `--examples`, the secondary evaluation on WordNet's own example
 * sentences (`--stride N`, `--limit N`). The project's everyday sentences (`test/fixtures/meaning/everyday.jsonl`)
 * are always printed beside the files (not in their overall row; the slices of its `corpus` field apart, the
 * held-out sentences written before any tuning among them), and `/v1/compare` on the project's pairs
 * (`compare-pairs.jsonl` there, on which the rule was chosen, with its grid) and on the held-out ones
 * (`compare-pairs-held-out*.jsonl`, never tuned on); `--pairs` prints only the pairs. Exits 1 when the method
 * does not beat the first-meaning baseline.
 */
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'
import {
  abstentionCurve,
  EVIDENCE_STEPS,
  GAP_CAUSES,
  hintGapOf,
  MISS_CAUSES,
  outcomesOf,
  parseSentences,
  report,
  type FileReport,
  type GapCause,
  type Outcome,
} from './eval/running-text'
import { evaluate, evaluationItems, type EvalScore } from './eval/wsd-eval'
import { DEFAULT_SETTINGS } from '../src/semantic/meaning/disambiguate'
import { LIKENESS_WEIGHT, RELATED_THRESHOLD, SAME_THRESHOLD } from '../src/semantic/meaning/compare-rule'
import { comparePairs, leaveOneOut, parsePairs, rightAt, type PairOutcome } from './eval/compare-pairs'

const EVERYDAY = 'test/fixtures/meaning/everyday.jsonl'
const PAIRS = 'test/fixtures/meaning/compare-pairs.jsonl'
const HELD_OUT_PAIRS = [
  'test/fixtures/meaning/compare-pairs-held-out.jsonl',
  'test/fixtures/meaning/compare-pairs-held-out-2.jsonl',
]
import { withModel } from './eval/model-override'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stride: { type: 'string' },
    limit: { type: 'string' },
    examples: { type: 'boolean' },
    hints: { type: 'boolean' },
    ablation: { type: 'boolean' },
    'hint-gap': { type: 'boolean' },
    model: { type: 'string' },
    pairs: { type: 'boolean' },
  },
})
const lexicon = await withModel((await loadBuiltLexicon()).lexicon, values.model)

const pct = (n: number) => (n * 100).toFixed(1).padStart(5)

function runningText(files: readonly string[], hints: boolean): boolean {
  console.log(
    `\nMeaning in context on running text (release ${lexicon.manifest.release.slice(0, 12)}${hints ? ', gold lemma and part of speech given as hints' : ', no hints'})`,
  )
  console.log(
    `abstention margin ${DEFAULT_SETTINGS.margin}; "always answering" takes the best candidate when the method abstains\n`,
  )
  const all: Outcome[] = []
  const rows: Array<[string, FileReport]> = []
  for (const file of files) rows.push([basename(file), report(outcomesFor(file))])
  if (files.length > 1) rows.push(['overall', report(all)])
  const everyday = parseSentences(texts.get(EVERYDAY) as string)
  const slices = new Map<string, Outcome[]>()
  for (const sentence of everyday) {
    const outcomes = outcomesOf(lexicon, [sentence], { hints })
    slices.set(sentence.corpus, [...(slices.get(sentence.corpus) ?? []), ...outcomes])
  }
  rows.push([basename(EVERYDAY), report([...slices.values()].flat())])
  // The slices apart (the sentences written after the method was tuned are held out of its tuning).
  if (slices.size > 1) for (const [corpus, outcomes] of slices) rows.push([`  ${corpus}`, report(outcomes)])
  return print()

  function outcomesFor(file: string): Outcome[] {
    const outcomes = outcomesOf(lexicon, parseSentences(texts.get(file) as string), { hints })
    all.push(...outcomes)
    return outcomes
  }

  function print(): boolean {
    const line = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`)
    line([
      'file'.padEnd(26),
      '    n',
      '    P',
      '    R',
      '   F1',
      ' cov',
      'F1 always',
      'first (gold pos)',
      'first (tagged)',
      'P@50',
      'P@80',
      'P@100',
      'tagger',
      '422s',
    ])
    line([
      '-'.repeat(26),
      '----:',
      '----:',
      '----:',
      '----:',
      '---:',
      '--------:',
      '---------------:',
      '-------------:',
      '---:',
      '---:',
      '----:',
      '-----:',
      '---:',
    ])
    for (const [name, r] of rows) {
      line([
        name.padEnd(26),
        String(r.method.instances).padStart(5),
        pct(r.method.precision),
        pct(r.method.recall),
        pct(r.method.f1),
        pct(r.method.coverage),
        pct(r.forced.f1).padStart(9),
        pct(r.firstGoldPos.f1).padStart(16),
        pct(r.firstTagged.f1).padStart(14),
        pct(r.precisionAt['50']),
        pct(r.precisionAt['80']),
        pct(r.precisionAt['100']),
        pct(r.tagger.accuracy).padStart(6),
        String(r.refused).padStart(4),
      ])
    }
    console.log(
      '\nPer gold part of speech (F1: method / always answering / first meaning with gold part of speech / first meaning with own tagging; n)',
    )
    for (const [name, r] of rows) {
      const parts = (['noun', 'verb', 'adjective', 'adverb'] as const).map((pos) => {
        const p = r.byPos[pos]
        return `${pos} ${pct(p.method.f1).trim()} / ${pct(p.forced.f1).trim()} / ${pct(p.firstGoldPos.f1).trim()} / ${pct(p.firstTagged.f1).trim()} (${p.method.instances})`
      })
      console.log(`  ${name.padEnd(26)} ${parts.join('; ')}`)
    }
    console.log(
      '\nTargets not answered right, by cause, judged on the best candidate (abstained: it was right but the margin too small; part-of-speech / lemma / multiword: the target read as another part of speech or lexicon word; unseen: SemCor never tagged the word or this meaning of it)',
    )
    for (const [name, r] of rows) {
      const parts = MISS_CAUSES.filter((cause) => r.misses[cause] > 0).map(
        (cause) => `${cause} ${r.misses[cause]}`,
      )
      console.log(`  ${name.padEnd(26)} ${parts.join('; ')}`)
    }
    console.log(
      '\nAbstention curve over the files given (abstain when the best share leads by less than the margin)',
    )
    console.log(`  ${'margin'.padEnd(8)} ${'P'.padStart(5)} ${'cov'.padStart(5)} ${'F1'.padStart(5)}`)
    for (const point of abstentionCurve(all)) {
      console.log(
        `  ${String(point.margin).padEnd(8)} ${pct(point.precision)} ${pct(point.coverage)} ${pct(point.f1)}`,
      )
    }
    const overall = (rows[files.length > 1 ? files.length : 0] as [string, FileReport])[1]
    const beats = rows.every(([, r]) => r.method.f1 > r.firstGoldPos.f1)
    console.log(
      `\nTagger: coarse class (noun/verb/adjective/adverb/other) right on ${overall.tagger.correct} of ${overall.tagger.tokens} one-word targets.`,
    )
    console.log(
      beats
        ? 'The method beats the first-meaning baseline on every file.'
        : 'The method does NOT beat the first-meaning baseline on every file.',
    )
    return beats
  }
}

function examples(): boolean {
  const started = performance.now()
  const items = evaluationItems(lexicon, {
    stride: values.stride ? Number(values.stride) : undefined,
    limit: values.limit ? Number(values.limit) : undefined,
  })
  const r = evaluate(lexicon, items)
  const seconds = (performance.now() - started) / 1000
  const row = (name: string, s: EvalScore) =>
    `| ${name.padEnd(52)} | ${pct(s.accuracy).padStart(8)} | ${pct(s.coverage).padStart(8)} | ${pct(s.recall).padStart(8)} |`
  console.log(
    `\nSecondary: WSD on WordNet ${lexicon.manifest.source.version} example sentences (each held out of its meaning's signature, not of the learned model, which is trained on them)`,
  )
  console.log(`release ${lexicon.manifest.release.slice(0, 12)}, ${r.items} items, ${seconds.toFixed(1)} s\n`)
  console.log(`| ${'method'.padEnd(52)} | accuracy | coverage |   recall |`)
  console.log(`| ${'-'.repeat(52)} | -------- | -------- | -------- |`)
  console.log(row(`WSD (abstains below margin ${DEFAULT_SETTINGS.margin})`, r.method))
  console.log(row('WSD, always answering', r.methodForced))
  console.log(row('baseline: first meaning in the tagged part of speech', r.firstMeaningInTaggedPos))
  console.log(row('baseline: first meaning in lexicon order', r.firstMeaning))
  return r.methodForced.accuracy > r.firstMeaningInTaggedPos.accuracy
}

/** Per file and gold part of speech, F1 of the method built up one kind of evidence at a time. */
function ablation(files: readonly string[], hints: boolean): void {
  console.log(
    '\nEvidence added one kind at a time (F1 per gold part of speech: abstaining / always answering)',
  )
  for (const file of files) {
    const sentences = parseSentences(texts.get(file) as string)
    for (const step of EVIDENCE_STEPS) {
      const r = report(outcomesOf(lexicon, sentences, { hints, settings: step.settings }))
      const parts = (['noun', 'verb', 'adjective', 'adverb'] as const)
        .filter((pos) => r.byPos[pos].method.instances > 0)
        .map((pos) => `${pos} ${pct(r.byPos[pos].method.f1).trim()} / ${pct(r.byPos[pos].forced.f1).trim()}`)
      console.log(
        `  ${basename(file).padEnd(26)} ${step.name.padEnd(12)} all ${pct(r.method.f1).trim()} / ${pct(r.forced.f1).trim()}; ${parts.join('; ')}`,
      )
    }
  }
}

const GAP_WORDS: Record<GapCause, string> = {
  tagger: "the tagger's best guess is another part of speech",
  'other-reading': 'the tagger guessed right, a reading in another part of speech won',
  lemma: 'another lemma in the right part of speech won',
  'unread-lemma': 'the gold lemma is not among the readings',
  meaning: 'the same reading, another meaning',
}

/** Per file, the targets right only with the gold lemma and part of speech as hints, or only without. */
function hintGap(files: readonly string[]): void {
  console.log(
    '\nWhat the hints are worth, target by target (always answering): right only with hints / only without, by why the own reading differs (lemmas met more than once)',
  )
  for (const file of files) {
    console.log(`  ${basename(file)}`)
    const gap = hintGapOf(lexicon, parseSentences(texts.get(file) as string))
    for (const cause of GAP_CAUSES) {
      const { gained, lost, lemmas } = gap[cause]
      if (gained + lost === 0) continue
      const recurring = [...lemmas]
        .filter(([, n]) => n > 1)
        .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
        .map(([lemma, n]) => `${lemma} ${n}`)
      const list = recurring.length > 0 ? ` (${recurring.join(', ')})` : ''
      console.log(
        `    ${String(gained).padStart(3)} / ${String(lost).padStart(3)}  ${GAP_WORDS[cause]}${list}`,
      )
    }
  }
}

/** One line per pair file: right against the verdict the gold meanings call for. */
function pairLine(name: string, outcomes: readonly PairOutcome[]): void {
  const right = outcomes.filter((o) => o.verdict === o.gold).length
  const gold = (v: string) => outcomes.filter((o) => o.gold === v).length
  const undecidable = outcomes.filter((o) => o.verdict === 'undecidable').length
  console.log(
    `  ${name.padEnd(32)} ${String(outcomes.length).padStart(3)} pairs (${gold('same')} same, ${gold('related')} related, ${gold('different')} different): ${right} right (${pct(right / outcomes.length).trim()} %); readings alone ${pct(rightAt(outcomes, { same: 0.5, weight: 0, related: 0.5 })).trim()} %; undecidable ${undecidable}`,
  )
}

/**
 * `/v1/compare` on the project's pairs, on which the rule was chosen (with the grid of weights and
 * thresholds it was chosen from), and on the held-out pairs, never tuned on.
 */
function pairs(): void {
  console.log(
    `\n/v1/compare: same when the readings' chance + ${LIKENESS_WEIGHT} × likeness reaches ${SAME_THRESHOLD}, related when the chance of the same or a related meaning reaches ${RELATED_THRESHOLD} ("readings alone": weight 0, same at 0.5)`,
  )
  const tuning = comparePairs(lexicon, parsePairs(texts.get(PAIRS) as string))
  pairLine(`${basename(PAIRS)} (tuning)`, tuning)
  for (const file of HELD_OUT_PAIRS) {
    pairLine(`${basename(file)}`, comparePairs(lexicon, parsePairs(texts.get(file) as string)))
  }
  const thresholds = [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75]
  const fine = Array.from({ length: 26 }, (_, i) => Math.round((0.3 + 0.02 * i) * 100) / 100)
  console.log(
    `  tuning pairs right (%) by likeness weight (rows) and same-meaning threshold (columns ${thresholds.join(', ')}); leave-one-out over thresholds 0.3 to 0.8 in steps of 0.02`,
  )
  for (const weight of [0, 0.5, 0.75, 1, 1.25, 1.5, 2]) {
    const cells = thresholds.map((same) => pct(rightAt(tuning, { same, weight, related: RELATED_THRESHOLD })))
    const loo = pct(leaveOneOut(tuning, weight, RELATED_THRESHOLD, fine))
    console.log(`  ${String(weight).padEnd(5)} ${cells.join(' ')}   loo ${loo}`)
  }
}

const texts = new Map<string, string>()
for (const file of [...positionals, EVERYDAY, PAIRS, ...HELD_OUT_PAIRS]) {
  texts.set(file, await readFile(file, 'utf8'))
}
let ok = values.pairs ? true : runningText(positionals, values.hints ?? false)
pairs()
if (positionals.length > 0 && values.ablation) ablation(positionals, values.hints ?? false)
if (positionals.length > 0 && values['hint-gap']) hintGap(positionals)
if (!values.pairs && (positionals.length === 0 || values.examples)) ok = examples() && ok
process.exitCode = ok ? 0 : 1
