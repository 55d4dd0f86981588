/**
 * The seam through which a consensus state is compared with a reading of the expression in a passage: the
 * meaning a resolver chooses for the expression's span, or none when it abstains. The consensus feature
 * knows no meaning code; the composition root hands it the resolver (the meaning `/v1/resolve` chooses,
 * `semanticPassageReader` in src/semantic/meaning/passage-reader.ts), and a test may hand it another.
 */
import type { Lexicon } from '../lexicon/lexicon'

/** `meaning` is null when the resolver reads no meaning (it abstains, or cannot place the span). */
export type PassageReading = { meaning: string | null; method: string }

export type PassageReader = {
  name: string
  resolve(lexicon: Lexicon, input: { passage: string; span: { start: number; end: number } }): PassageReading
}
