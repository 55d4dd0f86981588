import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { DOUBLE_NEGATIVE, ONE_WITH_PLURAL } from '../helpers/grammar'
import type { TestServer } from '../helpers/server'
import { postJson, semanticServer } from './http'

/** Every string value in an answer, however deep. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

describe('explanation templates are grammatical (through HTTP)', () => {
  let server: TestServer
  before(async () => {
    server = await semanticServer()
  })
  after(() => server.close())

  it('no "1 <plural>" and no double negative in review, evidence, compare and meaning answers', async () => {
    const answers = await Promise.all([
      postJson(server, '/api/argument/review', {
        text: 'The ferry ran 12 times in 2008. All riders "loved the new ferry" certainly.',
        sources: [
          {
            id: 's',
            label: 'Log',
            text: 'The ferry ran 14 times since March 2008. Some riders may like it.',
          },
        ],
      }),
      postJson(server, '/v1/claims/evaluate-evidence', {
        claim: 'The ferry is safe.',
        excerpts: [{ id: 'e1', text: 'The ferry is unsafe.' }],
      }),
      postJson(server, '/v1/claims/evaluate-evidence', {
        claim: 'The ferry is safe.',
        excerpts: [
          { id: 'e1', text: 'The ferry is safe.' },
          { id: 'e2', text: 'Soup is served on Fridays.' },
        ],
      }),
      postJson(server, '/v1/claims/compare', {
        first: 'All ferries are safe.',
        second: 'Some ferries may be safe.',
      }),
      postJson(server, '/v1/compare', {
        first: { passage: 'The bank.', target: { text: 'bank' } },
        second: { passage: 'A bank.', target: { text: 'bank' } },
      }),
    ])
    const texts = answers.flatMap((a) => {
      assert.equal(a.status, 200, JSON.stringify(a.body))
      return strings(a.body)
    })
    assert.ok(texts.length > 20)
    for (const t of texts) {
      assert.doesNotMatch(t, ONE_WITH_PLURAL)
      assert.doesNotMatch(t, DOUBLE_NEGATIVE)
    }
    assert.ok(texts.some((t) => /Of 2 excerpts/.test(t)) && texts.some((t) => /Of 1 excerpt,/.test(t)))
    assert.ok(texts.some((t) => /^Neither passage separates/.test(t)))
  })
})
