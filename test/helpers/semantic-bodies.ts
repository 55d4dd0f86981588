/**
 * One small valid body per semantic `/v1` POST route, answered 200: what the contract suite sends to Node
 * and to workerd, and what `npm run same-answers` records.
 */
export const SEMANTIC_BODIES: Readonly<Record<string, unknown>> = {
  '/v1/resolve': { passage: 'a dog barked', target: { text: 'dog' } },
  '/v1/compare': {
    first: { passage: 'a dog barked', target: { text: 'dog' } },
    second: { passage: 'the dog slept', target: { text: 'dog' } },
  },
  '/v1/illuminate': {
    passage: 'The bank lent money to the river town.',
    select: { mode: 'content-words' },
  },
  '/v1/claims/compare': { first: 'All dogs bark.', second: 'Some dogs do not bark.' },
  '/v1/arguments/analyze': { messages: [{ id: 'm1', text: 'Dogs bark, so the house is safe.' }] },
  '/v1/claims/evaluate-evidence': { claim: 'Dogs bark.', excerpts: [{ id: 'a', text: 'Dogs bark.' }] },
}
