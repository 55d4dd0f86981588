import type { z } from '@hono/zod-openapi'
import assert from 'node:assert/strict'
import { before, describe, it } from 'node:test'
import type { Lexicon } from '../../src/lexicon/lexicon'
import { reviewText } from '../../src/argument/review'
import { ArgumentInputSchema, type Passage, type TextCheckReview } from '../../src/argument/schemas'
import { testLexicon } from '../helpers/lexicon'
import { storedOneByte } from './stored-one-byte'

type Input = z.input<typeof ArgumentInputSchema>

const SURVEY = {
  id: 'survey',
  label: 'Health survey 2023',
  url: 'https://example.org/survey',
  text: 'The survey suggests that some residents support the new park. Only 40% of residents answered the survey. The river bank flooded in March 2021.',
}
const MINUTES = {
  id: 'minutes',
  label: 'Council minutes',
  text: 'The council did not approve the park budget. The council paid 3,500,000 dollars to the bank on 2021-03-05.',
}

describe('local review (text-checks)', () => {
  let lexicon: Lexicon
  before(async () => {
    lexicon = await testLexicon()
  })
  const review = (input: Input) => reviewText(lexicon, ArgumentInputSchema.parse(input))
  const fieldText = (input: Input, p: Passage): string => {
    const field =
      p.field === 'source' ? input.sources?.find((s) => s.id === p.sourceId)?.text : input[p.field]
    return (field ?? '').slice(p.start, p.end)
  }

  it('says what it is and is not', () => {
    const result = review({ text: 'Parks matter.' })
    assert.equal(result.mode, 'local')
    assert.equal(result.method, 'text-checks')
    const notices = result.notices.join(' ')
    assert.match(notices, /not entailment/)
    assert.match(notices, /not fact-checking/)
    assert.match(notices, /absent match is not a negative factual judgment/)
    assert.match(notices, /No sources were supplied/)
  })

  it('ranks source sentences by overlap and names the shared terms with their places', () => {
    const input = { text: 'All residents support the new park.', sources: [SURVEY, MINUTES] }
    const [sentence] = review(input).sentences
    assert.ok(sentence)
    const best = sentence.matches[0]
    assert.ok(best)
    assert.equal(
      fieldText(input, best.passage),
      'The survey suggests that some residents support the new park.',
    )
    assert.deepEqual(best.sharedTerms.map((t) => t.term).sort(), ['new', 'park', 'resident', 'support'])
    for (const shared of best.sharedTerms) {
      for (const p of shared.passages) assert.equal(p.sourceId, 'survey')
    }
    assert.deepEqual(
      best.sharedTerms.find((t) => t.term === 'resident')?.passages.map((p) => fieldText(input, p)),
      ['residents'],
    )
    const scores = sentence.matches.map((m) => m.score)
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    )
    assert.ok(scores.every((s) => s > 0 && s <= 1))
    assert.equal(sentence.matches.length + sentence.otherMatchingSentences, 3)
  })

  it('observes differences of quantifier, hedge and negation as text, never as verdicts', () => {
    const input = {
      text: 'All residents support the new park. The council approved the park budget.',
      sources: [SURVEY, MINUTES],
    }
    const result = review(input)
    const first = result.sentences[0]?.cues ?? []
    const quantifier = first.find((c) => c.cue === 'quantifier')
    assert.ok(quantifier)
    assert.deepEqual(
      quantifier.words.map((w) => [fieldText(input, w.passage), w.quantity]),
      [['All', 'universal']],
    )
    assert.deepEqual(
      quantifier.matchWords.map((w) => [fieldText(input, w.passage), w.quantity]),
      [['some', 'partial']],
    )
    assert.match(
      quantifier.observation,
      /uses "all" \(universal\) where the source sentence uses "some" \(partial\)/,
    )
    const hedge = first.find((c) => c.cue === 'hedge')
    assert.match(hedge?.observation ?? '', /source sentence has a hedge \("suggests"\)/)
    const negation = result.sentences[1]?.cues.find((c) => c.cue === 'negation')
    assert.ok(negation)
    assert.equal(fieldText(input, negation.matchWords[0]?.passage as Passage), 'not')
    for (const cue of [...first, negation]) {
      assert.doesNotMatch(cue.observation, /\b(false|wrong|contradicts|true)\b/)
      assert.match(cue.observation, /worth a human look/)
    }
  })

  it('compares numbers, percentages and dates with the matched source sentences', () => {
    const input = {
      text: 'Only 45% of residents answered the survey. The council paid $3.5 million to the bank on March 5, 2021. Residents visited the park 12 times.',
      sources: [SURVEY, MINUTES],
    }
    const [percent, money, park] = review(input).sentences
    const pct = percent?.numbers[0]
    assert.equal(pct?.status, 'other-value-in-match')
    assert.deepEqual(
      pct?.inMatches.map((n) => [n.text, n.sameValue]),
      [['40%', false]],
    )
    assert.match(pct?.observation ?? '', /says "45%"; the matched source sentence says "40%"/)
    assert.deepEqual(
      money?.numbers.map((n) => [n.text, n.kind, n.value, n.status]),
      [
        ['3.5 million', 'number', '3500000', 'same-value-in-match'],
        ['March 5, 2021', 'date', '2021-03-05', 'same-value-in-match'],
      ],
    )
    const twelve = park?.numbers[0]
    assert.equal(twelve?.status, 'not-in-matches')
    assert.match(twelve?.observation ?? '', /not a finding that it is wrong/)
  })

  it('checks quotations verbatim against the sources and says where', () => {
    const input = {
      text: 'The minutes say "The council did not approve the park budget." They also say “the council approved everything.” And “The council … the park budget”.',
      sources: [SURVEY, MINUTES],
    }
    const quotes = review(input).quotations
    assert.deepEqual(
      quotes.map((q) => [q.quote, q.status]),
      [
        ['The council did not approve the park budget', 'verbatim'],
        ['the council approved everything', 'not-found'],
        ['The council … the park budget', 'in-parts'],
      ],
    )
    assert.equal(
      fieldText(input, quotes[0]?.places[0] as Passage),
      'The council did not approve the park budget',
    )
    assert.match(quotes[0]?.observation ?? '', /source "Council minutes"/)
    assert.match(quotes[1]?.observation ?? '', /not a finding that the quotation is false/)
  })

  it('lists argument terms no source or context uses, and source terms the argument never uses', () => {
    const input = {
      text: 'Residents love the playground. Taxes rose.',
      context: 'The debate was about taxes.',
      sources: [SURVEY, MINUTES],
    }
    const { vocabulary } = review(input)
    assert.deepEqual(
      vocabulary.unsourced.map((t) => [t.term, t.passages.map((p) => fieldText(input, p))]),
      [
        ['love', ['love']],
        ['playground', ['playground']],
        ['rise', ['rose']],
      ],
    )
    const council = vocabulary.unusedSourceTerms.find((t) => t.term === 'council')
    assert.deepEqual(council && [council.count, council.sources, fieldText(input, council.first)], [
      2,
      ['minutes'],
      'council',
    ])
    assert.ok(vocabulary.unusedSourceTerms.every((t) => t.term !== 'resident'))
    assert.equal(vocabulary.unusedSourceTermsTotal, vocabulary.unusedSourceTerms.length)
    const counts = vocabulary.unusedSourceTerms.map((t) => t.count)
    assert.deepEqual(
      counts,
      [...counts].sort((a, b) => b - a),
    )
  })

  it('writes meaning notes with candidate meaning IDs for shared words of several domains', () => {
    const input = { text: 'The bank flooded the river.', sources: [SURVEY, MINUTES] }
    const note = review(input).meaningNotes.find((n) => n.term === 'bank')
    assert.ok(note)
    assert.ok(note.meaningsTotal > 2)
    assert.ok(note.meanings.length <= 8)
    assert.ok(note.meanings.some((m) => m.id === 'bank%1:17:01::' && /sloping land/.test(m.definition)))
    assert.ok(
      note.meanings.some((m) => m.id === 'bank%1:14:00::' && /financial institution/.test(m.definition)),
    )
    assert.match(note.note, /does not choose/)
    assert.deepEqual(
      note.passages.map((p) => fieldText(input, p)),
      ['bank'],
    )
  })

  it('compares a reply with the argument: what it takes up and what it leaves aside', () => {
    const input = {
      text: 'The park is popular. The budget is too high. Traffic is heavy.',
      reply: 'The park is not popular at all. Nobody mentioned "the budget is too high".',
      sources: [SURVEY],
    }
    const reply = review(input).reply
    assert.ok(reply)
    assert.deepEqual(
      reply.takesUp.map((t) => [t.sentence, t.replySentences, t.sharedTerms]),
      [
        [0, [0], ['park', 'popular']],
        [1, [1], ['budget', 'high']],
      ],
    )
    assert.deepEqual(
      reply.leavesAside.map((s) => fieldText(input, s.passage)),
      ['Traffic is heavy.'],
    )
    assert.deepEqual(
      reply.terms.leftAside.map((t) => t.term),
      ['traffic', 'heavy'],
    )
    assert.deepEqual(
      reply.terms.newInReply.map((t) => t.term),
      ['mention'],
    )
    assert.equal(reply.sentences[0]?.cues.find((c) => c.cue === 'negation')?.words[0]?.word, 'not')
    assert.deepEqual(
      reply.quotations.map((q) => [q.status, q.places[0]?.field]),
      [['verbatim', 'text']],
    )
  })

  it('points every passage at the exact UTF-16 range, emoji and combining marks included', () => {
    const input = {
      text: '👩🏽‍🔬 Cafe\u0301 owners 👍 said “cafés grew 45%” in 2020. Naïve 🍰 bakers agreed.',
      sources: [
        {
          id: 's🙂',
          label: 'Café report',
          text: '🙂 Café owners said cafés grew 45% in 2020. Bakers 🎂 agreed, naïvely.',
        },
      ],
      reply: 'Owners 👍🏽 disagreed.',
    }
    const result = review(input)
    const all = collectPassages(result)
    assert.ok(all.length > 20)
    for (const p of all) {
      const text = fieldText(input, p)
      assert.equal(text.length, p.end - p.start)
      assert.ok(
        !/^[\uDC00-\uDFFF]/.test(text) && !/[\uD800-\uDBFF]$/.test(text),
        `split surrogate pair in ${JSON.stringify(p)}`,
      )
    }
    const terms = result.sentences[0]?.terms.map((t) => [t.term, t.passages.map((p) => fieldText(input, p))])
    assert.deepEqual(terms, [
      ['cafe', ['Cafe\u0301', 'cafés']],
      ['owner', ['owners']],
      ['say', ['said']],
      ['grow', ['grew']],
    ])
    assert.equal(result.quotations[0]?.status, 'verbatim')
    assert.equal(fieldText(input, result.quotations[0]?.places[0] as Passage), 'cafés grew 45%')
    const shared = result.sentences[1]?.matches[0]?.sharedTerms.map((t) =>
      fieldText(input, t.passages[0] as Passage),
    )
    assert.deepEqual(shared?.sort(), ['Bakers', 'agreed'])
  })

  it('keeps the answer one byte per character when it has no wider character, curly quotes in the text or not', () => {
    const input = {
      text: 'The survey says “all residents support the park” and 45% answered. It may be so.',
      sources: [SURVEY, MINUTES],
    }
    const answer = JSON.stringify(review(input))
    assert.doesNotMatch(answer, /[^ -\u00ff]/)
    assert.equal(storedOneByte(answer), true)
  })

  it('gives byte-identical output for identical input', () => {
    const input = {
      text: 'All residents support the new park. Only 45% answered.',
      reply: 'Not all.',
      sources: [SURVEY, MINUTES],
    }
    const first = JSON.stringify(review(input))
    assert.equal(JSON.stringify(review(structuredClone(input))), first)
    assert.equal(JSON.stringify(reviewText({ ...lexicon }, ArgumentInputSchema.parse(input))), first)
  })
})

function collectPassages(value: unknown, out: Passage[] = []): Passage[] {
  if (Array.isArray(value)) for (const item of value) collectPassages(item, out)
  else if (value && typeof value === 'object') {
    if ('field' in value && 'start' in value && 'end' in value) out.push(value as Passage)
    else for (const item of Object.values(value)) collectPassages(item, out)
  }
  return out
}

export type { TextCheckReview }
