/**
 * Classroom safety of association practice: no cue or response a teacher would have to explain away. A word
 * is left out where the meaning it stands in is marked offensive, vulgar or disparaging (a slur is offensive),
 * or where the word is on the profanity list (every meaning of it is then `sensitive`), by the lexicon
 * release's register (src/lexicon/register.ts). A link through two meanings is judged by both; a response
 * with no meaning of its own in the evidence (a definition word, a word seen together, the unlinked one) by
 * all the word's meanings.
 */
import { sensesOf, senseKey, type Lexicon } from '../../../lexicon/lexicon'
import type { Register } from '../../../lexicon/register'
import { registersOf } from '../../../lexicon/register-file'

/** Registers that keep a meaning, and so a word standing in it, out of the prompts. */
export const UNSAFE_REGISTERS: readonly Register[] = ['offensive', 'vulgar', 'disparaging', 'sensitive']

export type ClassroomSafety = {
  /** No unsafe register on any of these meaning IDs. */
  meaningsSafe(meaningIds: readonly string[]): boolean
  /** No unsafe register on any meaning of the word. */
  wordSafe(word: string): boolean
}

export function classroomSafety(lexicon: Lexicon): ClassroomSafety {
  const registers = registersOf(lexicon)
  const meaningsSafe = (meaningIds: readonly string[]) =>
    meaningIds.every((id) => !registers(id).some((r) => UNSAFE_REGISTERS.includes(r)))
  return {
    meaningsSafe,
    wordSafe: (word) => meaningsSafe(sensesOf(lexicon, word).map((s) => senseKey(lexicon, s))),
  }
}
