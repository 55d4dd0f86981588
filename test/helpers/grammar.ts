/**
 * Checks that explanation templates read as grammatical English: a count of one never takes a plural noun,
 * a denying subject never takes a negated verb, and a singular or plural subject agrees with its verb.
 */

/** `1 sentences`, `1 excerpts`: a count of one with a plural noun. */
export const ONE_WITH_PLURAL =
  /(?<![\d.,])\b1 (?:sentence|excerpt|contributor|entry|place|word|term|meaning|claim|source|match)s\b/
/** A denying subject followed by a negated verb in the same clause (`Neither passage does not …`). */
export const DOUBLE_NEGATIVE =
  /\b(?:neither|nobody|none|no one|nothing)\b[^.;:,]*\b(?:does not|do not|did not|is not|are not|cannot)\b/i
/** A singular `sentence` with a plural verb, or plural `sentences` with a singular one. */
export const SUBJECT_VERB_DISAGREEMENT =
  /\bsentence (?:give|have|are|were|do)\b|\bsentences (?:gives|has|is|was|does)\b/
