import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { BOUNDS } from '../../src/semantic/bounds'
import { ReleasesResultSchema } from '../../src/v1/discovery-schemas'
import { CompareResultSchema, IlluminateResultSchema, ResolveResultSchema } from '../../src/semantic/schemas'
import type { TestServer } from '../helpers/server'
import { postError, postJson, semanticServer } from './http'

type Resolve = ReturnType<typeof ResolveResultSchema.parse>

describe('meaning routes: context, hints, whole-word spans and the learned model', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  async function resolve(body: unknown): Promise<Resolve> {
    const answer = await postJson(server, '/v1/resolve', body)
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    return ResolveResultSchema.parse(answer.body)
  }

  it('reads a pot plant whose leaves wilt as a living plant, not a factory', async () => {
    const r = await resolve({
      passage: 'The pot plant on my windowsill has leaves that wilt when I forget to water it.',
      target: { text: 'plant' },
    })
    assert.equal(r.candidates[0]?.meaning, 'plant%1:03:00::')
    assert.notEqual(r.decision.status === 'chosen' && r.decision.meaning, 'plant%1:06:01::')
  })

  it('reads a bass played in a jazz band as an instrument or musical part, not a singing voice', async () => {
    const r = await resolve({
      passage: 'He played the bass in a jazz band for ten years.',
      target: { text: 'bass' },
    })
    const best = r.candidates[0]?.meaning
    assert.ok(best !== 'bass%1:10:00::' && best !== 'bass%1:18:00::', best)
  })

  it('shows the learned evidence: corpus counts and the context words each feature came from', async () => {
    const passage = 'The bank raised its interest rates again this year.'
    const r = await resolve({ passage, target: { text: 'bank' } })
    const best = r.candidates[0]
    assert.ok(best && best.evidence.frequency.corpusCount !== null && best.evidence.frequency.corpusCount > 0)
    const features = r.candidates.flatMap((c) => c.evidence.learned.features)
    assert.ok(features.length > 0)
    for (const f of features) {
      for (const w of f.words) {
        assert.equal(w.in, 'passage')
        assert.equal(passage.slice(w.span.start, w.span.end), w.word)
      }
    }
    assert.equal(r.method.model.name, 'semcor-wsd')
    assert.match(r.method.model.version, /^[a-f0-9]{64}$/)
  })

  it('reads context before and after the passage as evidence, never as the passage', async () => {
    const passage = 'It was steep.'
    const before = 'We walked along the river to the grassy bank. '
    const after = ' The bank was muddy after the flood.'
    const r = await resolve({ passage, context: { before, after }, target: { text: 'steep' } })
    assert.deepEqual(r.target.span, { start: 7, end: 12 })
    const inContext = await postError(server, '/v1/resolve', {
      passage,
      context: { before, after },
      target: { text: 'river' },
    })
    assert.equal(inContext.status, 422)
    assert.equal(inContext.body.code, 'target_not_found')
    const bank = await resolve({
      passage: 'The bank was steep.',
      context: { before, after },
      target: { text: 'bank' },
    })
    assert.ok(bank.discourse.otherOccurrences >= 2, 'occurrences in the context are pooled')
    for (const c of bank.candidates) {
      for (const m of c.evidence.overlap.matches) {
        const text = m.in === 'passage' ? 'The bank was steep.' : m.in === 'context-before' ? before : after
        assert.equal(text.slice(m.span.start, m.span.end), m.word)
      }
    }
  })

  it('bounds each side of the context at the limit and one past it', async () => {
    const at = 'a '.repeat(BOUNDS.contextChars / 2)
    const ok = await postJson(server, '/v1/resolve', {
      passage: 'The bank was steep.',
      context: { before: at, after: at },
      target: { text: 'bank' },
    })
    assert.equal(ok.status, 200)
    for (const side of ['before', 'after']) {
      const past = await postError(server, '/v1/resolve', {
        passage: 'The bank was steep.',
        context: { [side]: `${at}a` },
        target: { text: 'bank' },
      })
      assert.equal(past.status, 400)
    }
    const unknown = await postError(server, '/v1/resolve', {
      passage: 'The bank was steep.',
      context: { middle: 'x' },
      target: { text: 'bank' },
    })
    assert.equal(unknown.status, 400)
  })

  it('takes lemma and part-of-speech hints, and refuses an unknown part of speech', async () => {
    const noun = await resolve({
      passage: 'They run the shop.',
      target: { text: 'run', partOfSpeech: 'noun' },
    })
    assert.ok(noun.candidates.every((c) => c.partOfSpeech === 'noun'))
    const clitic = await resolve({
      passage: "That's what he said.",
      target: { span: { start: 4, end: 6 }, lemma: 'be', partOfSpeech: 'verb' },
    })
    assert.equal(clitic.word, 'be')
    const bad = await postError(server, '/v1/resolve', {
      passage: 'They run the shop.',
      target: { text: 'run', partOfSpeech: 'preposition' },
    })
    assert.equal(bad.status, 400)
    const long = await postError(server, '/v1/resolve', {
      passage: 'They run the shop.',
      target: { text: 'run', lemma: 'r'.repeat(BOUNDS.targetTextChars + 1) },
    })
    assert.equal(long.status, 400)
  })

  it('accepts spans on whole words inside clitics, hyphenated words and abbreviations', async () => {
    const passage = "England's council's prize-fighter met Mr. Smith; they don't mind 20%."
    const span = (word: string, from = 0) => {
      const start = passage.indexOf(word, from)
      return { start, end: start + word.length }
    }
    for (const word of ['England', "'s", 'council', 'prize-fighter', 'Mr.', 'do', "n't", '%']) {
      const r = await resolve({ passage, target: { span: span(word) } })
      assert.equal(r.target.text, word)
    }
    const inside = await postError(server, '/v1/resolve', { passage, target: { span: { start: 1, end: 4 } } })
    assert.equal(inside.status, 422)
    assert.equal(inside.body.code, 'span_not_on_word_boundaries')
  })

  it("reads a phrase with a personal pronoun as the lexicon's phrase with one's or oneself", async () => {
    const passage = 'He kept to himself after she made up her mind to leave.'
    const kept = await resolve({ passage, target: { text: 'kept to himself' } })
    assert.deepEqual(
      kept.readings.map((r) => r.word),
      ['keep to oneself'],
    )
    const mind = await resolve({ passage, target: { text: 'made up her mind' } })
    assert.deepEqual(
      mind.readings.map((r) => r.word),
      ["make up one's mind"],
    )
  })

  it('compare and illuminate take context and hints too', async () => {
    const compared = await postJson(server, '/v1/compare', {
      first: {
        passage: 'The bank was steep.',
        context: { before: 'We walked by the river.' },
        target: { text: 'bank', partOfSpeech: 'noun' },
      },
      second: { passage: 'The bank raised its rates.', target: { text: 'bank' } },
    })
    assert.equal(compared.status, 200, JSON.stringify(compared.body))
    CompareResultSchema.parse(compared.body)
    const lit = await postJson(server, '/v1/illuminate', {
      passage: 'The bank was steep.',
      context: { before: 'We fished from the river bank.', after: 'The water was cold.' },
      select: { mode: 'content-words' },
    })
    assert.equal(lit.status, 200, JSON.stringify(lit.body))
    const items = IlluminateResultSchema.parse(lit.body).items
    assert.deepEqual(
      items.map((i) => i.target.text),
      ['bank', 'steep'],
    )
  })

  it('lists the learned model with its version and SemCor attribution in /v1/releases', async () => {
    const body = ReleasesResultSchema.parse(await (await fetch(server.url + '/v1/releases')).json())
    const model = body.releases.find((r) => r.name === 'semcor-wsd')
    assert.ok(model)
    assert.equal(model.status, 'available')
    assert.match(model.version ?? '', /^[a-f0-9]{64}$/)
    assert.match(model.attribution?.citation ?? '', /Miller/)
    assert.equal(model.attribution?.license, 'WordNet License')
    assert.deepEqual(model.readBy, ['/v1/resolve', '/v1/compare', '/v1/illuminate'])
  })
})
