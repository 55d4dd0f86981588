import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  coarseClass,
  documentContext,
  EVIDENCE_STEPS,
  GAP_CAUSES,
  hintGapOf,
  meaningPos,
  outcomesOf,
  parseSentences,
  precisionAtCoverage,
  report,
  scores,
} from '../../tools/eval/running-text'
import { DEFAULT_SETTINGS } from '../../src/semantic/meaning/disambiguate'
import { testLexicon } from '../helpers/lexicon'

/** Two documents in the sense-tagged JSON Lines format, written for this test. */
const JSONL = [
  {
    corpus: 't',
    doc: 'a',
    sentence: 1,
    text: 'We sat on the bank of the river.',
    annotations: [{ start: 14, end: 18, lemma: 'bank', pos: 'NN', senses: ['bank%1:17:01::'] }],
  },
  {
    corpus: 't',
    doc: 'a',
    sentence: 2,
    text: "The water's edge was muddy.",
    annotations: [
      { start: 4, end: 9, lemma: 'water', pos: 'NN', senses: ['water%1:17:00::'] },
      { start: 21, end: 26, lemma: 'muddy', pos: 'JJ', senses: ['muddy%5:00:00:dirty:01'] },
    ],
  },
  {
    corpus: 't',
    doc: 'b',
    sentence: 1,
    text: 'She deposited money at the bank.',
    annotations: [
      { start: 4, end: 13, lemma: 'deposit', pos: 'VBD', senses: ['deposit%2:40:00::'] },
      { start: 27, end: 31, lemma: 'bank', pos: 'NN', senses: ['bank%1:14:00::'] },
    ],
  },
]
  .map((s) => JSON.stringify(s))
  .join('\n')

describe('evaluation on sense-tagged running text', () => {
  it('reads the format and gives each sentence the other sentences of its document as context', () => {
    const sentences = parseSentences(JSONL)
    assert.equal(sentences.length, 3)
    assert.deepEqual(documentContext(sentences, 0), { before: '', after: " The water's edge was muddy." })
    assert.deepEqual(documentContext(sentences, 1), {
      before: 'We sat on the bank of the river. ',
      after: '',
    })
    assert.deepEqual(documentContext(sentences, 2), { before: '', after: '' })
    assert.deepEqual(documentContext(sentences, 1, 10), { before: '', after: '' })
  })

  it('maps tags and sense keys to coarse classes', () => {
    assert.equal(coarseClass('NNS'), 'noun')
    assert.equal(coarseClass('V'), 'verb')
    assert.equal(coarseClass('JJR'), 'adjective')
    assert.equal(coarseClass('RB'), 'adverb')
    assert.equal(coarseClass('IN'), 'other')
    assert.equal(meaningPos('muddy%5:00:00:dirty:01'), 'adjective')
    assert.equal(meaningPos('deposit%2:40:00::'), 'verb')
  })

  it('scores precision, recall, F1 and coverage, and precision at coverage by margin', () => {
    assert.deepEqual(scores(4, 2, 1), {
      instances: 4,
      answered: 2,
      correct: 1,
      precision: 0.5,
      recall: 0.25,
      f1: 1 / 3,
      coverage: 0.5,
    })
    const base = {
      gold: 'noun',
      goldTag: 'noun',
      chosen: true,
      right: true,
      firstGoldPosRight: true,
      firstTaggedRight: true,
      refused: false,
      tagged: 'noun',
      miss: null,
    } as const
    const outcomes = [
      { ...base, margin: 0.9, bestRight: true },
      { ...base, margin: 0.1, bestRight: false },
    ]
    assert.equal(precisionAtCoverage(outcomes, 0.5), 1)
    assert.equal(precisionAtCoverage(outcomes, 1), 0.5)
  })

  it('resolves every annotation through the route operation, deterministically, with no refused span, and gives each miss a cause', async () => {
    const lexicon = await testLexicon()
    const sentences = parseSentences(JSONL)
    const first = report(outcomesOf(lexicon, sentences))
    assert.deepEqual(report(outcomesOf(lexicon, sentences)), first)
    assert.equal(first.method.instances, 5)
    assert.equal(first.refused, 0)
    assert.equal(first.firstGoldPos.instances, 5)
    assert.equal(first.byPos.noun.firstTagged.instances, first.byPos.noun.method.instances)
    assert.ok(first.tagger.tokens === 5 && first.tagger.accuracy === 1, JSON.stringify(first.tagger))
    const missed = Object.values(first.misses).reduce((a, b) => a + b, 0)
    assert.equal(missed, first.method.instances - first.method.correct)
    const hinted = report(outcomesOf(lexicon, sentences, { hints: true }))
    assert.ok(hinted.forced.correct >= first.forced.correct - 1)
  })
  it('builds the method up from the prior alone to every kind of evidence, one kind a step', () => {
    const [prior] = EVIDENCE_STEPS
    const last = EVIDENCE_STEPS[EVIDENCE_STEPS.length - 1]
    assert.deepEqual(
      { ...prior?.settings.weights, frequency: 0, partOfSpeech: 0 },
      {
        frequency: 0,
        learned: 0,
        similarity: 0,
        overlap: 0,
        partOfSpeech: 0,
        domain: 0,
        discourse: 0,
        topic: 0,
        collocation: 0,
      },
    )
    assert.deepEqual(last?.settings, DEFAULT_SETTINGS)
    EVIDENCE_STEPS.slice(1).forEach((step, i) => {
      const before = (EVIDENCE_STEPS[i] as (typeof EVIDENCE_STEPS)[number]).settings.weights
      const added = Object.entries(step.settings.weights).filter(
        ([kind, weight]) => before[kind as keyof typeof before] !== weight,
      )
      assert.equal(added.length, 1, step.name)
    })
  })
  it('names why a target was missed: its part of speech, or a meaning SemCor never tagged', async () => {
    const lexicon = await testLexicon()
    const sentence = (text: string, word: string, lemma: string, pos: string, sense: string) => {
      const start = text.indexOf(word)
      return {
        corpus: 't',
        doc: text,
        sentence: 1,
        text,
        annotations: [{ start, end: start + word.length, lemma, pos, senses: [sense] }],
      }
    }
    const [pos, unseen] = outcomesOf(lexicon, [
      // `bark` read as the verb while the gold meaning is the noun (the tree's bark).
      sentence('Dogs bark at night.', 'bark', 'bark', 'NN', 'bark%1:20:00::'),
      // The right word and part of speech, but a meaning SemCor never tagged.
      sentence('We sat on the bank of the river.', 'bank', 'bank', 'NN', 'bank%1:06:01::'),
    ])
    assert.equal(pos?.miss, 'part-of-speech')
    assert.equal(unseen?.miss, 'unseen-meaning')
  })
  it('counts the targets the hints answer differently, by why the own reading differs', async () => {
    const lexicon = await testLexicon()
    const bark = 'Dogs bark at night.'
    const gap = hintGapOf(lexicon, [
      ...parseSentences(JSONL),
      {
        corpus: 't',
        doc: 'c',
        sentence: 1,
        text: bark,
        // The noise of a dog as a noun, which the tagger reads as the verb and the hinted noun gets right.
        annotations: [
          { start: 5, end: 9, lemma: 'Bark', pos: 'NN', senses: ['bark%1:11:00::', 'bark%1:11:02::'] },
        ],
      },
    ])
    assert.equal(gap.tagger.gained, 1)
    assert.deepEqual([...gap.tagger.lemmas], [['bark', 1]])
    const rest = GAP_CAUSES.filter((c) => c !== 'tagger').map((c) => gap[c].gained + gap[c].lost)
    assert.deepEqual(rest, [0, 0, 0, 0])
    assert.equal(gap.tagger.lost, 0)
  })
})
