import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { ResolveResultSchema } from '../../src/semantic/schemas'
import type { TestServer } from '../helpers/server'
import { postJson, semanticServer } from '../semantic/http'

describe('POST /v1/resolve accepts any span covering whole tokens of the one tokenizer', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  const passage =
    "Mr. Hale, a former prize-fighter from England's north, met U.S. officials, e.g. the consul, in 1,000 ways."
  const spanOf = (text: string) => {
    const start = passage.indexOf(text)
    return { start, end: start + text.length }
  }

  for (const target of [
    'Mr.',
    'prize-fighter',
    'prize',
    'fighter',
    'England',
    "England's",
    'U.S.',
    'officials',
    'e.g.',
  ]) {
    it(`"${target}"`, async () => {
      const answer = await postJson(server, '/v1/resolve', { passage, target: { span: spanOf(target) } })
      assert.equal(answer.status, 200, JSON.stringify(answer.body))
      const r = ResolveResultSchema.parse(answer.body)
      assert.equal(r.target.text, target)
      assert.deepEqual(r.target.span, spanOf(target))
    })
  }

  it('still refuses a span that cuts a word (422 span_not_on_word_boundaries)', async () => {
    const { start } = spanOf('officials')
    const answer = await postJson<{ code: string }>(server, '/v1/resolve', {
      passage,
      target: { span: { start, end: start + 5 } },
    })
    assert.equal(answer.status, 422)
    assert.equal(answer.body.code, 'span_not_on_word_boundaries')
  })
})
