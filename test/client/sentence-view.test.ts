/**
 * The review page's regrouping of a real local review by sentence (lib/sentence-view): differences placed
 * in the sentence that holds them with both values named, one cue note per kind however many matches
 * repeat it, the matched source sentence a number points into shown, extras folded per sentence, each
 * mark's words given once; and the queue that asks for second opinions a few at a time.
 */
import type { z } from '@hono/zod-openapi'
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { reviewText } from '../../src/argument/review'
import { ArgumentInputSchema } from '../../src/argument/schemas'
import { Cancelled, requestQueue } from '../../web/lib/request-queue'
import { marksWithin, sentenceViews, type SentenceView } from '../../web/lib/sentence-view'
import { testLexicon } from '../helpers/lexicon'

type Input = z.input<typeof ArgumentInputSchema>

const TEXT =
  'The mayor said that "all residents will never support every new park". All residents support the new park. Only 45% answered, according to the council report.'
const SOURCE =
  'Some residents support the new park. 40% answered the survey. The council report says the park is popular.'

describe('the local review, sentence by sentence', () => {
  let views: SentenceView[]
  before(async () => {
    const lexicon: Lexicon = await testLexicon()
    const input: Input = { text: TEXT, sources: [{ id: 's1', label: 'Memo', text: SOURCE }] }
    views = sentenceViews(reviewText(lexicon, ArgumentInputSchema.parse(input)), TEXT)
  })
  const at = (p: { start: number; end: number }, text = TEXT) => text.slice(p.start, p.end)

  it('gives one view per argument sentence, in order, its closest source sentence first', () => {
    assert.deepEqual(
      views.map((v) => v.index),
      [0, 1, 2],
    )
    assert.equal(at(views[1]!.passage), 'All residents support the new park.')
    assert.equal(at(views[1]!.sources[0]!.passage, SOURCE), 'Some residents support the new park.')
    assert.equal(views[1]!.sources[0]!.best, true)
  })

  it('names both values of a number and shows the matched source sentence that has the other one', () => {
    const v = views[2]!
    const number = v.differences.find((d) => d.kind === 'number')
    assert.ok(number)
    assert.equal(number.title, '45% here, 40% in the source')
    assert.deepEqual(
      number.inText.map((s) => at(s.passage)),
      ['45%'],
    )
    assert.deepEqual(
      number.inSources.map((s) => at(s.passage, SOURCE)),
      ['40%'],
    )
    assert.ok(v.sources.some((s) => at(s.passage, SOURCE) === '40% answered the survey.'))
  })

  it('keeps one cue note per kind and sentence however many matched sentences repeat it', () => {
    for (const v of views) {
      const keys = v.differences
        .filter((d) => d.kind === 'quantifier')
        .map((d) => d.inText.map((s) => s.passage.start).join())
      assert.equal(new Set(keys).size, keys.length, `sentence ${v.index}`)
    }
    assert.equal(views[1]!.differences.filter((d) => d.kind === 'quantifier').length, 1)
  })

  it('places a quotation in its sentence and folds unsourced words and meaning notes per sentence', () => {
    assert.equal(views[0]!.differences.filter((d) => d.kind === 'quote').length, 1)
    assert.equal(views[1]!.differences.filter((d) => d.kind === 'quote').length, 0)
    for (const v of views) {
      for (const w of v.extras.unsourced) assert.ok(at(v.passage).includes(w), `${w} in sentence ${v.index}`)
      for (const m of v.extras.meanings)
        assert.ok(m.passages.some((p) => p.start >= v.passage.start && p.end <= v.passage.end))
    }
  })

  it('puts hedge and emphasis in one note and leaves a number the source also gives to the extras', async () => {
    const text = 'Visitors must pay 5 euros.'
    const input: Input = { text, sources: [{ id: 's1', label: 'Memo', text: 'Visitors may pay 5 euros.' }] }
    const [v] = sentenceViews(reviewText(await testLexicon(), ArgumentInputSchema.parse(input)), text)
    assert.deepEqual(
      v!.differences.map((d) => [d.kind, d.title]),
      [['modality', '“must” here, “may” in the source']],
    )
    assert.deepEqual(v!.extras.sameNumbers, ['5'])
  })

  it('marks a vote written in words against the tally of the source, both words named', async () => {
    const text = 'The council unanimously approved the cycle lane.'
    const source = 'The council voted 7–2 to approve the cycle lane.'
    const input: Input = { text, sources: [{ id: 's1', label: 'Minutes', text: source }] }
    const [v] = sentenceViews(reviewText(await testLexicon(), ArgumentInputSchema.parse(input)), text)
    const vote = v!.differences.find((d) => d.kind === 'vote')
    assert.ok(vote)
    assert.equal(vote.title, '“unanimously” here, “7–2” in the source')
    assert.deepEqual(
      vote.inText.map((s) => at(s.passage, text)),
      ['unanimously'],
    )
    assert.deepEqual(
      vote.inSources.map((s) => at(s.passage, source)),
      ['7–2'],
    )
  })

  it('takes only the figure of the same slot as a number’s counterpart, not the same value said of something else', async () => {
    const text = 'The club had 40 members and 12 coaches.'
    const source = 'The club had 12 members and 40 coaches.'
    const input: Input = { text, sources: [{ id: 's1', label: 'Minutes', text: source }] }
    const [v] = sentenceViews(reviewText(await testLexicon(), ArgumentInputSchema.parse(input)), text)
    assert.deepEqual(
      v!.differences.map((d) => [d.title, d.inSources.map((x) => x.passage.start)]),
      [
        ['40 here, 12 in the source', [13]],
        ['12 here, 40 in the source', [28]],
      ],
    )
    assert.deepEqual(v!.extras.sameNumbers, [])
  })

  it('gives each mark its words once: the whole note at its first mark, the kind alone at the others', () => {
    const quantifier = views[0]!.differences.find((d) => d.kind === 'quantifier')
    assert.ok(quantifier && quantifier.inText.length > 1)
    const marks = marksWithin([quantifier], views[0]!.passage, 'text')
    assert.equal(marks.length, quantifier.inText.length)
    assert.match(marks[0]!.label ?? '', /^Quantifier: “all”/)
    assert.ok(marks.slice(1).every((m) => m.label === 'Quantifier'))
    assert.equal(new Set(marks.map((m) => m.id)).size, marks.length)
  })
})

describe('the second-opinion queue', () => {
  it('runs at most its limit at once, in the order asked, and drops what waits when cancelled', async () => {
    const queue = requestQueue(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const releases: Array<() => void> = []
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n)
        most = Math.max(most, ++running)
        releases.push(() => {
          running--
          resolve(n)
        })
      })
    const answers = [1, 2, 3, 4, 5].map((n) => queue.run(task(n)))
    assert.deepEqual(started, [1, 2])
    releases.shift()!()
    assert.equal(await answers[0], 1)
    // The next one starts once the finished one has handed back its place.
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(started, [1, 2, 3])
    queue.cancel()
    await assert.rejects(answers[3]!, Cancelled)
    await assert.rejects(answers[4]!, Cancelled)
    releases.shift()!()
    releases.shift()!()
    assert.deepEqual(await Promise.all(answers.slice(0, 3)), [1, 2, 3])
    assert.deepEqual(started, [1, 2, 3])
    assert.equal(most, 2)
  })
})
