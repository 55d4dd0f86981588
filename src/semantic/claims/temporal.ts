/**
 * The order of events across an excerpt's sentences: `A before B`, `B after A` and `A. Then B.` order two
 * events, and orders chain (`Smith left before Jones left`, `Jones left before Anderson left`: Smith left
 * before Anderson). A clause is matched to another by its content words.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { bare, type Implied } from './clauses'
import { readClaim } from './reading'

type Order = { first: string; then: string; source: string }

const BEFORE = /^(.+?)\s+before\s+(.+)$/iu
const AFTER = /^(.+?)\s+after\s+(.+)$/iu
const THEN = /^then\s*,?\s+/iu

function ordersOf(sentences: readonly string[]): Order[] {
  const out: Order[] = []
  sentences.forEach((sentence, i) => {
    const s = sentence.trim().replace(/[.!?]+$/u, '')
    const before = BEFORE.exec(s)
    const after = before ? null : AFTER.exec(s)
    if (before) out.push({ first: bare(before[1] as string), then: bare(before[2] as string), source: s })
    if (after) out.push({ first: bare(after[2] as string), then: bare(after[1] as string), source: s })
    const previous = sentences[i - 1]
    if (previous && THEN.test(s))
      out.push({ first: bare(previous), then: s.replace(THEN, ''), source: `${bare(previous)}. ${s}` })
  })
  return out
}

/** Orders the sentences give directly (`Then`) or by chaining two orders through the same event. */
export function orderedEvents(lexicon: Lexicon, sentences: readonly string[]): Implied[] {
  const orders = ordersOf(sentences)
  if (orders.length === 0) return []
  const key = (clause: string) =>
    readClaim(lexicon, clause)
      .terms.map((t) => t.lemma)
      .sort()
      .join(' ')
  const out: Implied[] = []
  for (const o of orders)
    if (o.source.includes('. '))
      out.push({
        text: `${o.first} before ${o.then}`,
        explanation: `"${o.source}" tells the events in order: read as "${o.first} before ${o.then}".`,
      })
  for (const a of orders)
    for (const b of orders) {
      if (a === b || key(a.then) !== key(b.first)) continue
      const text = `${a.first} before ${b.then}`
      out.push({ text, explanation: `"${a.source}" and "${b.source}" chain: read as "${text}".` })
    }
  return out
}
