/**
 * An excerpt of several sentences read as one text. Besides its own sentences it implies others: elided
 * verb phrases restored (`ellipsis.ts`), a sentence-initial pronoun read as the subject before it
 * (`They hated it` after `John and his colleagues went to a meeting`), `all A are B` and `every A who …`
 * applied to what the other sentences say of an A (`syllogisms.ts`), and comparisons carried across
 * (`comparatives.ts`, `temporal.ts`). The claim is compared with each implied sentence as with any other,
 * and the answer's first step says how the sentence was implied. Only short excerpts are read this way
 * (at most PREMISE_SENTENCES sentences): the premises of an argument, not a whole article.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import { splitSentences } from '../../text/sentences'
import { compareReadings } from './compare'
import { carriedComparisons } from './comparatives'
import { datives, gathered, groupReference } from './anaphora'
import { bare, clauseOf, type Implied } from './clauses'
import { restoreEllipsis } from './ellipsis'
import { inferRelation, type Inference } from './inference'
import { readClaim, type ClaimReading } from './reading'
import { applyUniversals } from './syllogisms'
import { orderedEvents } from './temporal'

/** Excerpts longer than this many sentences are read sentence by sentence only. */
export const PREMISE_SENTENCES = 8

const PRONOUN_SUBJECT = /^(he|she|they|it)\b\s*/iu
const OBJECT_PRONOUN = /\b(it|them)\b/iu

/**
 * A sentence opening with a pronoun, read with the subject of the sentence before (and an object pronoun
 * with that sentence's first noun after its verb, made definite).
 */
function resolvePronouns(lexicon: Lexicon, previous: string, sentence: string): Implied | null {
  const s = bare(sentence)
  if (!PRONOUN_SUBJECT.test(s)) return null
  const antecedent = clauseOf(lexicon, previous)
  if (!antecedent || PRONOUN_SUBJECT.test(antecedent.subject)) return null
  let text = s.replace(PRONOUN_SUBJECT, `${antecedent.subject} `)
  const dative = datives(previous, text)
  if (dative !== null)
    return {
      text: dative,
      explanation: `"${sentence.trim()}" speaks of ${antecedent.subject} and of whom the sentence before names: read as "${dative}".`,
    }
  const r = antecedent.reading
  const subjectEnd = r.subject?.span.end ?? 0
  const object = r.terms.find((t) => t.span.start >= subjectEnd && t.partOfSpeech === 'noun')
  if (object) {
    let first = object.token
    while (first > 0 && r.terms.some((t) => t.token === first - 1 && t.partOfSpeech !== 'verb')) first--
    const phrase = r.text.slice((r.tokens[first] as { start: number }).start, object.span.end)
    text = text.replace(OBJECT_PRONOUN, `the ${phrase}`)
  }
  return {
    text,
    explanation: `"${sentence.trim()}" speaks of ${antecedent.subject}, named in the sentence before: read as "${text}".`,
  }
}

/** `GFI owns several computers`: a subject, a verb, a counting quantifier and a plural noun. */
const SOME_OF =
  /^(\p{Lu}[\p{L}\d_'-]*(?:\s+\p{Lu}[\p{L}\d_'-]*)*)\s+(\p{L}+)\s+(?:several|some|many|a\s+few|two|three|four|five)\s+(\p{L}+s)$/u

/**
 * An object `them` after a sentence that introduces some things (`GFI owns several computers. ITEL maintains
 * them.`) stands for all of them, as the sentence describes them: `all the computers that GFI owns`.
 */
function describedPronoun(previous: string, sentence: string): Implied | null {
  const m = SOME_OF.exec(bare(previous))
  const s = bare(sentence)
  if (!m || !/\bthem$/iu.test(s) || PRONOUN_SUBJECT.test(s)) return null
  const description = `all the ${m[3]} that ${m[1]} ${m[2]}`
  const text = s.replace(/\bthem$/iu, description)
  return {
    text,
    explanation: `"them" in "${sentence.trim()}" stands for what "${bare(previous)}" introduced, all of it: read as "${text}".`,
  }
}

/** `X is the N of Y`: the name and the description that picks out the same one. */
const IDENTITY = /^(\p{Lu}[\p{L}\d_'-]*)\s+(?:is|was)\s+(the\s+[^,;]+)$/u

/** Other sentences with the name put in place of the description that identifies it (and back). */
function identities(sentences: readonly string[]): Implied[] {
  const out: Implied[] = []
  for (const sentence of sentences) {
    const m = IDENTITY.exec(bare(sentence))
    if (!m) continue
    const [name, description] = [m[1] as string, m[2] as string]
    const word = new RegExp(`\\b${name}\\b`, 'u')
    for (const other of sentences) {
      if (other === sentence || !word.test(other)) continue
      const text = bare(other).replace(word, description)
      out.push({
        text,
        explanation: `"${bare(sentence)}": ${name} is ${description}, so "${bare(other)}" reads "${text}".`,
      })
    }
  }
  return out
}

/** The sentences the excerpt implies beyond its own, in the order they were found. */
export function impliedSentences(lexicon: Lexicon, text: string): Implied[] {
  const spans = splitSentences(text)
  if (spans.length > PREMISE_SENTENCES) return []
  const sentences = spans.map((s) => text.slice(s.start, s.end))
  const implied: Implied[] = []
  const plain: string[] = []
  // A pronoun is read against the sentence before as already read: `She … And she …` both name Smith.
  let before: string | null = null
  sentences.forEach((sentence, i) => {
    const previous = i > 0 ? (sentences[i - 1] as string) : null
    const restored = restoreEllipsis(lexicon, previous, sentence)
    implied.push(...restored)
    const resolved =
      previous && before
        ? (groupReference(previous, sentence) ??
          resolvePronouns(lexicon, before, sentence) ??
          describedPronoun(previous, sentence))
        : null
    if (resolved) implied.push(resolved)
    plain.push(resolved ? resolved.text : sentence)
    plain.push(...restored.map((r) => r.text))
    before = resolved ? resolved.text : sentence
  })
  if (sentences.length > 1) {
    const known = [...plain]
    implied.push(...applyUniversals(lexicon, known))
    implied.push(...carriedComparisons(lexicon, [...known, ...implied.map((x) => x.text)]))
    implied.push(...orderedEvents(lexicon, sentences))
    implied.push(...identities(sentences))
    implied.push(...gathered(plain))
  }
  return implied
}

/** The relation's strength for choosing among sentences: a conflict first, then support. */
const RANK = { conflicts: 2, follows: 1, neither: 0 } as const

/**
 * The inference from the excerpt read as one text: the best-aligned sentence's, unless a sentence the
 * excerpt implies excludes the claim, or entails it where the best-aligned sentence does not. Steps of an
 * implied sentence point at no excerpt span (its words are not the excerpt's); the first says how it was
 * implied.
 */
export function inferFromText(
  lexicon: Lexicon,
  claim: ClaimReading,
  text: string,
  fromBest: Inference,
): Inference {
  let best = fromBest
  for (const implied of impliedSentences(lexicon, text)) {
    const reading = readClaim(lexicon, implied.text)
    const inference = inferRelation(lexicon, claim, reading, compareReadings(lexicon, claim, reading))
    if (RANK[inference.relation] <= RANK[best.relation]) continue
    best = {
      ...inference,
      steps: [
        {
          kind: 'premise',
          claim: null,
          excerpt: null,
          lexical: null,
          monotonicity: null,
          effect: 'supports',
          explanation: implied.explanation,
        },
        ...inference.steps.map((s) => ({ ...s, excerpt: null })),
      ],
    }
  }
  return best
}
