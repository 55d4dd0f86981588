import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { BOUNDS } from '../../src/semantic/bounds'
import { DEFAULT_SETTINGS } from '../../src/semantic/meaning/disambiguate'
import { DISCOURSE_PEERS } from '../../src/semantic/meaning/resolve'
import {
  CompareResultSchema,
  IlluminateResultSchema,
  ResolveResultSchema,
  type ResolutionBody,
} from '../../src/semantic/schemas'
import type { TestServer } from '../helpers/server'
import { postError, postJson, semanticServer } from './http'

type Resolve = ReturnType<typeof ResolveResultSchema.parse>

/** Every span in a resolution slices its own text back out of the passage. */
function assertSpans(passage: string, r: ResolutionBody): void {
  assert.equal(passage.slice(r.target.span.start, r.target.span.end), r.target.text)
  for (const c of r.candidates) {
    for (const m of c.evidence.overlap.matches) {
      assert.equal(m.in, 'passage')
      assert.equal(passage.slice(m.span.start, m.span.end), m.word)
    }
  }
}

describe('POST /v1/resolve', () => {
  let server: TestServer
  let release: string
  before(async () => {
    server = await semanticServer()
    release = ((await (await fetch(server.url + '/api/lexicon')).json()) as { release: string }).release
  })
  after(() => server.close())

  async function resolve(body: unknown): Promise<Resolve> {
    const answer = await postJson(server, '/v1/resolve', body)
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return ResolveResultSchema.parse(answer.body)
  }

  it('chooses the river meaning of bank by the river, with evidence words and spans, after an emoji', async () => {
    const passage = 'We sat 🙂 on the grassy bank of the river and watched the water.'
    const r = await resolve({ passage, target: { text: 'bank' } })
    assert.equal(r.release, release)
    assert.equal(r.word, 'bank')
    assert.deepEqual(r.target.span, { start: 24, end: 28 })
    assertSpans(passage, r)
    assert.equal(r.decision.status, 'chosen')
    assert.equal(r.decision.status === 'chosen' && r.decision.meaning, 'bank%1:17:01::')
    const best = r.candidates[0]
    assert.ok(best && best.evidence.overlap.matches.some((m) => m.word === 'river'))
    assert.equal(r.candidateCount, r.candidates.length)
    assert.ok(r.candidates.every((c, i) => i === 0 || c.score <= (r.candidates[i - 1]?.score ?? 0)))
    assert.ok(Math.abs(r.candidates.reduce((s, c) => s + c.share, 0) - 1) < 0.01)
  })

  it('chooses the financial meaning next to money and deposits', async () => {
    const r = await resolve({
      passage: 'He deposited the money in his bank account.',
      target: { text: 'bank' },
    })
    assert.equal(r.decision.status === 'chosen' && r.decision.meaning, 'bank%1:14:00::')
  })

  it('resolves multiword expressions and inflected forms through base forms', async () => {
    const passage = 'The kids ate two ice creams and then gave up on dinner.'
    const ice = await resolve({ passage, target: { text: 'ice creams' } })
    assert.deepEqual(ice.readings, [{ word: 'ice cream', partOfSpeech: 'noun', via: 'suffix-rule' }])
    assert.equal(ice.decision.status === 'chosen' && ice.decision.meaning, 'ice_cream%1:13:00::')
    const gave = await resolve({ passage, target: { text: 'gave  UP' } })
    assert.equal(gave.target.text, 'gave up')
    assert.deepEqual(gave.readings, [{ word: 'give up', partOfSpeech: 'verb', via: 'exception-list' }])
    assert.ok(gave.candidates.every((c) => c.meaning.startsWith('give_up%2')))
    const geese = await resolve({ passage: 'The geese flew south.', target: { text: 'geese' } })
    assert.equal(geese.word, 'goose')
  })

  it('finds a target by span or by occurrence, and pools the occurrences (one sense per discourse)', async () => {
    const passage = 'The bank by the river flooded. Later the bank dried out.'
    const second = await resolve({ passage, target: { text: 'bank', occurrence: 2 } })
    const bySpan = await resolve({ passage, target: { span: second.target.span } })
    assert.deepEqual(bySpan, second)
    assert.equal(second.discourse.otherOccurrences, 1)
    assert.ok(second.candidates.some((c) => c.evidence.discourse.contribution > 0))
  })

  it('lifts a meaning SemCor never tagged when the context points to it, but never a name', async () => {
    const battery = await resolve({
      passage: "The car won't start because the battery is dead.",
      target: { text: 'dead' },
    })
    assert.equal(
      battery.decision.status === 'chosen' && battery.decision.meaning,
      'dead%5:00:00:uncharged:00',
    )
    // The frequency evidence is normalized within a reading, so the floor shows as the largest gap
    // between two meanings of one reading: no more than the floor's log behind the most common.
    const gap = -Math.log(DEFAULT_SETTINGS.priorFloor) + 1e-9
    const behind = (r: Resolve, meaning: string) => {
      const c = r.candidates.find((x) => x.meaning === meaning)
      assert.ok(c)
      const same = r.candidates.filter((x) => x.word === c.word && x.partOfSpeech === c.partOfSpeech)
      return (
        Math.max(...same.map((x) => x.evidence.frequency.contribution)) - c.evidence.frequency.contribution
      )
    }
    assert.ok(behind(battery, 'dead%5:00:00:uncharged:00') <= gap)
    const court = await resolve({
      passage: 'We booked a tennis court for Saturday morning.',
      target: { text: 'court' },
    })
    assert.equal(court.decision.status === 'chosen' && court.decision.meaning, 'court%1:06:01::')
    assert.ok(behind(court, 'court%1:18:00::') > gap)
  })

  it('abstains when the margin is too small, and says why', async () => {
    const r = await resolve({ passage: 'It was a long run.', target: { text: 'run' } })
    assert.equal(r.decision.status, 'abstained')
    assert.equal(r.decision.status === 'abstained' && r.decision.reason, 'small-margin')
    assert.ok(r.decision.margin !== null && r.decision.margin < r.method.abstainMargin)
    assert.ok(r.candidates.length > 1)
  })

  it('abstains on a word the lexicon does not know', async () => {
    const r = await resolve({ passage: 'The blorptang was there.', target: { text: 'blorptang' } })
    assert.equal(r.word, null)
    assert.deepEqual(r.candidates, [])
    assert.equal(r.decision.status === 'abstained' && r.decision.reason, 'not-in-lexicon')
  })

  it('is deterministic', async () => {
    const body = { passage: 'A spring in the garden fed the pool all summer.', target: { text: 'spring' } }
    assert.deepEqual(await resolve(body), await resolve(body))
  })

  it('limits candidates with maxCandidates (1 to 100)', async () => {
    const passage = 'They run every day.'
    const one = await resolve({ passage, target: { text: 'run' }, maxCandidates: 1 })
    assert.equal(one.candidates.length, 1)
    assert.ok(one.candidateCount > 40)
    const hundred = await resolve({ passage, target: { text: 'run' }, maxCandidates: BOUNDS.candidates })
    assert.equal(hundred.candidates.length, hundred.candidateCount)
    const past = await postError(server, '/v1/resolve', {
      passage,
      target: { text: 'run' },
      maxCandidates: BOUNDS.candidates + 1,
    })
    assert.equal(past.status, 400)
    assert.equal(past.body.details?.[0]?.path, 'maxCandidates')
  })

  it('422 when the target does not occur as written, or its occurrence is past the last', async () => {
    const missing = await postError(server, '/v1/resolve', { passage: 'A dog.', target: { text: 'cat' } })
    assert.equal(missing.status, 422)
    assert.equal(missing.body.code, 'target_not_found')
    assert.equal(missing.headers.get('cache-control'), 'no-store')
    const partWord = await postError(server, '/v1/resolve', {
      passage: 'A doghouse.',
      target: { text: 'dog' },
    })
    assert.equal(partWord.status, 422)
    const second = await postError(server, '/v1/resolve', {
      passage: 'A dog.',
      target: { text: 'dog', occurrence: 2 },
    })
    assert.equal(second.status, 422)
    assert.match(second.body.message, /occurs 1 time/)
  })

  it('422 when a span does not cover whole words; 400 when it runs past the passage', async () => {
    const inside = await postError(server, '/v1/resolve', {
      passage: 'A doghouse.',
      target: { span: { start: 2, end: 5 } },
    })
    assert.equal(inside.status, 422)
    assert.equal(inside.body.code, 'span_not_on_word_boundaries')
    const emojiHalf = await postError(server, '/v1/resolve', {
      passage: '🙂 dog',
      target: { span: { start: 1, end: 6 } },
    })
    assert.equal(emojiHalf.status, 422)
    const past = await postError(server, '/v1/resolve', {
      passage: 'A dog.',
      target: { span: { start: 2, end: 7 } },
    })
    assert.equal(past.status, 400)
    assert.equal(past.body.details?.[0]?.path, 'target.span.end')
    const empty = await postError(server, '/v1/resolve', {
      passage: 'A dog.',
      target: { span: { start: 2, end: 2 } },
    })
    assert.equal(empty.status, 400)
  })

  it(`accepts a passage of ${BOUNDS.passageChars} characters and refuses one more`, async () => {
    const at = 'dog '.repeat(BOUNDS.passageChars / 4)
    assert.equal(at.length, BOUNDS.passageChars)
    const ok = await postJson(server, '/v1/resolve', {
      passage: at,
      target: { text: 'dog', occurrence: 3000 },
    })
    assert.equal(ok.status, 200)
    const past = await postError(server, '/v1/resolve', { passage: at + 'x', target: { text: 'dog' } })
    assert.equal(past.status, 400)
    assert.equal(past.body.details?.[0]?.path, 'passage')
    const emptyPassage = await postError(server, '/v1/resolve', { passage: '', target: { text: 'dog' } })
    assert.equal(emptyPassage.status, 400)
  })

  it(`bounds target text at ${BOUNDS.targetTextChars} characters and occurrence at ${BOUNDS.occurrence}`, async () => {
    const long = 'a'.repeat(BOUNDS.targetTextChars)
    const at = await postJson(server, '/v1/resolve', { passage: `x ${long}`, target: { text: long } })
    assert.equal(at.status, 200)
    const past = await postError(server, '/v1/resolve', { passage: 'x', target: { text: long + 'a' } })
    assert.equal(past.status, 400)
    const occurrenceAt = await postError(server, '/v1/resolve', {
      passage: 'dog',
      target: { text: 'dog', occurrence: BOUNDS.occurrence },
    })
    assert.equal(occurrenceAt.status, 422)
    const occurrencePast = await postError(server, '/v1/resolve', {
      passage: 'dog',
      target: { text: 'dog', occurrence: BOUNDS.occurrence + 1 },
    })
    assert.equal(occurrencePast.status, 400)
    const zero = await postError(server, '/v1/resolve', {
      passage: 'dog',
      target: { text: 'dog', occurrence: 0 },
    })
    assert.equal(zero.status, 400)
  })
})

describe('POST /v1/compare', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function compare(body: unknown) {
    const answer = await postJson(server, '/v1/compare', body)
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return CompareResultSchema.parse(answer.body)
  }

  it('says different when the uses resolve to different meanings', async () => {
    const r = await compare({
      first: { passage: 'He deposited the money in his bank account.', target: { text: 'bank' } },
      second: {
        passage: 'We sat on the grassy bank of the river.',
        target: { text: 'bank' },
      },
    })
    assert.equal(r.verdict, 'different')
    assert.equal(r.reason, 'different-meanings')
  })

  it('says same when both resolve to the same meaning, across inflections', async () => {
    const r = await compare({
      first: { passage: 'We sat on the grassy bank of the river.', target: { text: 'bank' } },
      second: {
        passage: 'Fishermen lined the banks of the river with their rods in the water.',
        target: { text: 'banks' },
      },
    })
    assert.equal(r.verdict, 'same', r.explanation)
    assert.equal(r.reason, 'same-meaning')
  })

  it('says different parts of speech when one use is a verb', async () => {
    const r = await compare({
      first: { passage: 'They run five miles every morning before breakfast.', target: { text: 'run' } },
      second: { passage: 'She went for a long run before breakfast.', target: { text: 'run' } },
    })
    assert.equal(r.verdict, 'different')
    assert.equal(r.reason, 'different-parts-of-speech')
  })

  it('says undecidable only when both uses abstain', async () => {
    const both = await compare({
      first: { passage: 'It was a long run.', target: { text: 'run' } },
      second: { passage: 'It was a run.', target: { text: 'run' } },
    })
    assert.equal(both.verdict, 'undecidable')
    assert.equal(both.reason, 'both-abstained')
    assert.ok(both.explanation.length > 0)
    const one = await compare({
      first: { passage: 'It was a long run.', target: { text: 'run' } },
      second: { passage: 'He scored a run in the ninth inning.', target: { text: 'run' } },
    })
    assert.equal(one.first.decision.status, 'abstained')
    assert.notEqual(one.verdict, 'undecidable')
    assert.ok(one.chances.same >= 0 && one.chances.same + one.chances.related <= 1.0001)
  })

  it('tells a committee chair from a seat, and says why in words', async () => {
    const r = await compare({
      first: { passage: 'The chair of the committee asked for a vote.', target: { text: 'chair' } },
      second: {
        passage: 'He pulled up a chair and sat down at the table.',
        target: { text: 'chair' },
      },
    })
    assert.equal(r.verdict, 'different', r.explanation)
    assert.equal(r.first.decision.status === 'chosen' && r.first.decision.meaning, 'chair%1:18:00::')
    const best = r.first.candidates[0]
    assert.match(best?.evidence.collocation.explanation ?? '', /“of the committee”/)
    assert.ok(best?.evidence.collocation.words.some((w) => w.word === 'committee' && w.role === 'of'))
  })

  it('shows what decided: the likeness of the two contexts, the words most alike, and the rule in numbers and words', async () => {
    const first = { passage: 'I missed the bus this morning.', target: { text: 'missed' } }
    const second = { passage: "If we don't leave now we'll miss the train.", target: { text: 'miss' } }
    const r = await compare({ first, second })
    assert.ok(r.likeness.cosine !== null && r.likeness.cosine > 0.3, JSON.stringify(r.likeness))
    const words = r.likeness.words
    assert.ok(words)
    const at = (passage: string, w: typeof words.first) => passage.slice(w.span.start, w.span.end)
    assert.deepEqual([at(first.passage, words.first), at(second.passage, words.second)], ['bus', 'train'])
    assert.deepEqual([words.first.in, words.second.in], ['passage', 'passage'])
    assert.match(r.likeness.explanation, /much alike \(“bus” and “train”\)/)
    const { rule, chances } = r
    assert.ok(Math.abs(rule.sameScore - (chances.same + rule.likenessWeight * r.likeness.cosine)) < 0.001)
    const expected =
      rule.sameScore >= rule.sameThreshold
        ? 'same'
        : chances.same + chances.related >= rule.relatedThreshold
          ? 'related'
          : 'different'
    assert.equal(r.verdict, expected)
    assert.match(r.explanation, /The readings give the same meaning a \d+ % chance/)
    assert.match(r.explanation, /needed for the same meaning/)
    assert.doesNotMatch(r.explanation, /noun\.|verb\.|cosine|threshold/)
  })

  it('names no alike words when no pair near the two uses is alike enough', async () => {
    const r = await compare({
      first: { passage: 'He deposited the money in his bank account.', target: { text: 'bank' } },
      second: { passage: 'We sat on the grassy bank of the river.', target: { text: 'bank' } },
    })
    assert.equal(r.likeness.words, null)
    assert.ok(r.rule.sameScore < r.rule.sameThreshold)
  })

  it('422 when the two targets are not forms of one lexicon word, or one is not found', async () => {
    const different = await postError(server, '/v1/compare', {
      first: { passage: 'a dog', target: { text: 'dog' } },
      second: { passage: 'a cat', target: { text: 'cat' } },
    })
    assert.equal(different.status, 422)
    assert.equal(different.body.code, 'not_the_same_expression')
    const missing = await postError(server, '/v1/compare', {
      first: { passage: 'a dog', target: { text: 'dog' } },
      second: { passage: 'a cat', target: { text: 'dog' } },
    })
    assert.equal(missing.status, 422)
    assert.equal(missing.body.details?.[0]?.path, 'second.target')
  })

  it('400 when a passage is past its bound', async () => {
    const r = await postError(server, '/v1/compare', {
      first: { passage: 'a'.repeat(BOUNDS.passageChars + 1), target: { text: 'a' } },
      second: { passage: 'a dog', target: { text: 'dog' } },
    })
    assert.equal(r.status, 400)
    assert.equal(r.body.details?.[0]?.path, 'first.passage')
  })
})

describe('POST /v1/illuminate', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function illuminate(body: unknown) {
    const answer = await postJson(server, '/v1/illuminate', body)
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return IlluminateResultSchema.parse(answer.body)
  }

  it('resolves every content word and multiword expression, with a summary of meanings used', async () => {
    const passage = 'The 🙂 kids ate ice cream by the river bank, then gave up and went home.'
    const r = await illuminate({ passage, select: { mode: 'content-words' } })
    const texts = r.items.map((i) => i.target.text)
    assert.ok(texts.includes('ice cream'))
    assert.ok(texts.includes('gave up'))
    assert.ok(!texts.includes('the') && !texts.includes('and'))
    for (const item of r.items) {
      assertSpans(passage, item)
      assert.ok(item.candidates.length <= 3)
    }
    assert.equal(r.summary.occurrences, r.items.length)
    assert.equal(r.summary.chosen + r.summary.abstained, r.items.length)
    const used = r.summary.meanings.reduce((s, m) => s + m.occurrences, 0)
    assert.equal(used, r.summary.chosen)
    assert.ok(r.summary.meanings.some((m) => m.meaning === 'ice_cream%1:13:00::'))
    assert.ok(r.summary.lexicographerFiles.some((f) => f.file === 'noun.food'))
  })

  it('resolves every occurrence of given expressions in any inflection, and lists those absent', async () => {
    const passage = 'The bank closed. Both banks of the river flooded. She banked the cheque.'
    const r = await illuminate({ passage, select: { mode: 'expressions', expressions: ['bank', 'zebra'] } })
    assert.deepEqual(
      r.items.map((i) => i.target.text),
      ['bank', 'banks', 'banked'],
    )
    assert.deepEqual(r.unmatched, ['zebra'])
    for (const item of r.items) assert.equal(item.discourse.otherOccurrences, 2)
  })

  it('resolves listed targets in the order given, and 422 when one is not found', async () => {
    const passage = 'A dog chased a cat.'
    const r = await illuminate({
      passage,
      select: { mode: 'targets', targets: [{ text: 'cat' }, { span: { start: 2, end: 5 } }] },
      maxCandidates: 1,
    })
    assert.deepEqual(
      r.items.map((i) => i.target.text),
      ['cat', 'dog'],
    )
    assert.ok(r.items.every((i) => i.candidates.length === 1))
    const missing = await postError(server, '/v1/illuminate', {
      passage,
      select: { mode: 'targets', targets: [{ text: 'dog' }, { text: 'cow' }] },
    })
    assert.equal(missing.status, 422)
    assert.equal(missing.body.details?.[0]?.path, 'select.targets.1')
    const outside = await postError(server, '/v1/illuminate', {
      passage,
      select: { mode: 'targets', targets: [{ span: { start: 0, end: 40 } }] },
    })
    assert.equal(outside.status, 400)
    assert.equal(outside.body.details?.[0]?.path, 'select.targets.0.target.span.end')
  })

  it(`bounds the passage, targets, expressions, occurrences (${BOUNDS.illuminateOccurrences}) and candidates (${BOUNDS.illuminateCandidates})`, async () => {
    const passage = 'dog'
    const targets = Array.from({ length: BOUNDS.illuminateTargets }, () => ({ text: 'dog' }))
    const at = await illuminate({ passage, select: { mode: 'targets', targets } })
    assert.equal(at.items.length, BOUNDS.illuminateTargets)
    const past = await postError(server, '/v1/illuminate', {
      passage,
      select: { mode: 'targets', targets: [...targets, { text: 'dog' }] },
    })
    assert.equal(past.status, 400)
    const expressions = Array.from({ length: BOUNDS.illuminateExpressions }, (_, i) => `word${i}`)
    const atExpressions = await illuminate({ passage, select: { mode: 'expressions', expressions } })
    assert.equal(atExpressions.unmatched.length, BOUNDS.illuminateExpressions)
    const pastExpressions = await postError(server, '/v1/illuminate', {
      passage,
      select: { mode: 'expressions', expressions: [...expressions, 'dog'] },
    })
    assert.equal(pastExpressions.status, 400)
    const word = 'w'.repeat(BOUNDS.targetTextChars)
    const longWord = await illuminate({ passage, select: { mode: 'expressions', expressions: [word] } })
    assert.deepEqual(longWord.unmatched, [word])
    const wordPast = await postError(server, '/v1/illuminate', {
      passage,
      select: { mode: 'expressions', expressions: [word + 'w'] },
    })
    assert.equal(wordPast.status, 400)
    const full = 'dog '.repeat(BOUNDS.passageChars / 4)
    const atPassage = await illuminate({
      passage: full,
      select: { mode: 'expressions', expressions: ['dog'] },
    })
    assert.equal(atPassage.items.length, BOUNDS.passageChars / 4)
    // One sense per discourse pools the nearest occurrences only, so repetition costs linear time.
    assert.equal(atPassage.items[1500]?.discourse.otherOccurrences, DISCOURSE_PEERS)
    const pastPassage = await postError(server, '/v1/illuminate', {
      passage: full + 'x',
      select: { mode: 'content-words' },
    })
    assert.equal(pastPassage.status, 400)
    const occurrences = (n: number) => ({ passage: 'b '.repeat(n).trim(), select: { mode: 'content-words' } })
    const atOccurrences = await illuminate(occurrences(BOUNDS.illuminateOccurrences))
    assert.equal(atOccurrences.items.length, BOUNDS.illuminateOccurrences)
    const pastOccurrences = await postError(
      server,
      '/v1/illuminate',
      occurrences(BOUNDS.illuminateOccurrences + 1),
    )
    assert.equal(pastOccurrences.status, 422)
    assert.equal(pastOccurrences.body.code, 'too_many_occurrences')
    const candidates = await illuminate({
      passage: 'They run.',
      select: { mode: 'content-words' },
      maxCandidates: BOUNDS.illuminateCandidates,
    })
    assert.equal(candidates.items[0]?.candidates.length, BOUNDS.illuminateCandidates)
    const pastCandidates = await postError(server, '/v1/illuminate', {
      passage: 'They run.',
      select: { mode: 'content-words' },
      maxCandidates: BOUNDS.illuminateCandidates + 1,
    })
    assert.equal(pastCandidates.status, 400)
    const unknownMode = await postError(server, '/v1/illuminate', { passage, select: { mode: 'everything' } })
    assert.equal(unknownMode.status, 400)
  })
})
