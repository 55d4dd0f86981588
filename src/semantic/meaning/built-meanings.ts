/**
 * What scoring a run of occurrences reads most of, built ahead of the run in steps of its own, for a lexicon
 * read in blocks (Workers): the signatures and lexicon vectors of the candidate meanings, and the vectors of
 * the words around and bound to each occurrence. A meaning's signature reads its definition and examples, its
 * related meanings' words and glosses and which parts of speech each of their words can be, scattered over
 * the lexicon's tables and strings; its vector reads the model line of each signature word. A run that builds
 * them itself pins every block they read at once, 44 MB for 200 occurrences of a long passage. Built ahead,
 * the signatures pin the tables and strings they read, then the vectors the model lines, each step its own,
 * and the run (its rehearsals on zeros too) reads what was built from real bytes instead of those blocks.
 */
import { senseSynsetPos, sensesOf, type Lexicon } from '../../lexicon/lexicon'
import type { LexiconStep } from '../../lexicon/reading'
import { partnersOf } from './collocations'
import { contextFeatures, surroundingWord } from './features'
import { givenMeaningVectors, meaningVector } from './meaning-vectors'
import type { Expression, PassageAnalysis } from './passage'
import { givenSignatures, signatureOf, type Signature } from './signatures'
import { givenWordVectors, wordVector } from './vectors'

export type BuiltMeanings = {
  signatures: ReadonlyMap<number, Signature>
  meaningVectors: ReadonlyMap<number, Float32Array | null>
  wordVectors: ReadonlyMap<string, Float32Array | null>
}

/**
 * The meanings the expressions' readings can have and the words their context vectors and collocations
 * read the vectors of.
 */
function readBy(
  analysis: PassageAnalysis,
  expressions: readonly Expression[],
): { senses: number[]; words: string[] } {
  const { lexicon } = analysis
  const senses = new Set<number>()
  const words = new Set<string>()
  for (const expression of expressions) {
    for (const { word, partOfSpeech } of expression.readings) {
      for (const sense of sensesOf(lexicon, word)) {
        if (senseSynsetPos(lexicon, sense) === partOfSpeech) senses.add(sense)
      }
    }
    const features = contextFeatures(analysis, expression)
    for (const feature of features) if (feature.kind === 'word') words.add(surroundingWord(feature))
    for (const partner of partnersOf(analysis, expression, features)) words.add(partner.word)
  }
  return { senses: [...senses], words: [...words] }
}

/** The analysis read through another lexicon object (the step's own, or a rehearsal's). */
const over = (analysis: PassageAnalysis, lexicon: Lexicon): PassageAnalysis =>
  analysis.lexicon === lexicon ? analysis : { ...analysis, lexicon }

/** What scoring the expressions reads most of, in steps: what they read, the signatures, the vectors. */
export async function buildMeanings(
  step: LexiconStep,
  analysis: PassageAnalysis,
  expressions: readonly Expression[],
): Promise<BuiltMeanings> {
  const { senses, words } = await step((lexicon) => readBy(over(analysis, lexicon), expressions))
  const signatures = new Map(
    await step((lexicon) => senses.map((sense) => [sense, signatureOf(lexicon, sense)] as const)),
  )
  return step((lexicon) => {
    givenSignatures.give(lexicon, signatures)
    return {
      signatures,
      meaningVectors: new Map(senses.map((sense) => [sense, meaningVector(lexicon, sense)])),
      wordVectors: new Map(words.map((word) => [word, wordVector(lexicon, word)])),
    }
  })
}

/** Makes `signatureOf`, `meaningVector` and `wordVector` answer from what was built, on this lexicon object. */
export function useBuiltMeanings(lexicon: Lexicon, built: BuiltMeanings): void {
  givenSignatures.give(lexicon, built.signatures)
  givenMeaningVectors.give(lexicon, built.meaningVectors)
  givenWordVectors.give(lexicon, built.wordVectors)
}
