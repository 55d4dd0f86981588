/**
 * Reviews the maximal request back to back for five seconds and prints the rate as JSON. Run pinned to one
 * core (`taskset -c 0`), this is what the in-process time allows on one core, with the garbage collection
 * that sustained reviewing carries and that a median leaves out.
 */
import { reviewText } from '../src/argument/review'
import { requestAt } from './argument'
import { loadBuiltLexicon } from '../src/releases/built-lexicon'

const { lexicon } = await loadBuiltLexicon()
const maximal = requestAt(lexicon, 1)
for (let i = 0; i < 100; i++) reviewText(lexicon, maximal)
const started = performance.now()
let reviews = 0
while (performance.now() - started < 5_000) {
  reviewText(lexicon, maximal)
  reviews++
}
console.log(JSON.stringify({ reviewsPerSecond: reviews / ((performance.now() - started) / 1000) }))
