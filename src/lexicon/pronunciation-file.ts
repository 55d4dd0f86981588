/**
 * The pronunciations of the lexicon release (`pronunciations.bin`, a paged companion): for each line of the
 * English word list (src/lexicon/word-list-file.ts), the CMU Pronouncing Dictionary's entries for the word in
 * ARPAbet, `|` between variants, empty when CMUdict lacks it. Layout, little-endian Int32 values: the line
 * count N, N + 1 offsets into the text that follows, then the text (ASCII). Built with the release from
 * `cmu-pronouncing-dictionary`; read per word through the block cache on Workers.
 */
import type { z } from '@hono/zod-openapi'
import type { PronunciationSchema } from './learner-schemas'
import type { Lexicon } from './lexicon'
import type { PagedBytes } from '../storage/paged-bytes'
import { wordLine, wordListOf } from './word-list-file'

export const PRONUNCIATION_FILE = 'pronunciations.bin'

export type Pronunciation = z.infer<typeof PronunciationSchema>

/** The file over the word list's words in line order, from CMUdict's entries ("record", "record(2)", …). */
export function encodePronunciations(words: readonly string[], cmudict: Record<string, string>): Uint8Array {
  const texts = words.map((word) => {
    const variants: string[] = []
    for (let n = 1, entry = cmudict[word]; entry !== undefined; entry = cmudict[`${word}(${++n})`])
      variants.push(entry.trim())
    return variants.join('|')
  })
  const encoded = new TextEncoder().encode(texts.join(''))
  const out = new Int32Array(1 + words.length + 1 + Math.ceil(encoded.byteLength / 4))
  out[0] = words.length
  let at = 0
  texts.forEach((text, i) => {
    out[1 + i] = at
    at += text.length
  })
  out[1 + words.length] = at
  const bytes = new Uint8Array(out.buffer)
  bytes.set(encoded, 4 * (2 + words.length))
  return bytes.subarray(0, 4 * (2 + words.length) + encoded.byteLength)
}

/** Why the file cannot be read, or null (the loader's check, reading only its first block). */
export function pronunciationFileProblem(bytes: PagedBytes): string | null {
  if (bytes.byteLength < 8) return `${PRONUNCIATION_FILE} is shorter than its header`
  const lines = bytes.int32(0)
  if (lines <= 0 || 4 * (lines + 2) > bytes.byteLength) return `${PRONUNCIATION_FILE} has no offsets`
  return null
}

/** CMUdict's ARPAbet entries of a (lower-case) word, in its order; empty when it lacks the word. */
export function arpabetOf(lexicon: Lexicon, word: string): string[] {
  const line = wordLine(wordListOf(lexicon), word)
  if (line === -1) return []
  const file = lexicon.companions[PRONUNCIATION_FILE] as PagedBytes
  const base = 4 * (2 + file.int32(0))
  const text = file.text(base + file.int32(1 + line), base + file.int32(2 + line))
  return text === '' ? [] : text.split('|')
}

const IPA: Record<string, string> = {
  AA: 'ɑ',
  AE: 'æ',
  AH: 'ʌ',
  AO: 'ɔ',
  AW: 'aʊ',
  AY: 'aɪ',
  EH: 'ɛ',
  ER: 'ɝ',
  EY: 'eɪ',
  IH: 'ɪ',
  IY: 'i',
  OW: 'oʊ',
  OY: 'ɔɪ',
  UH: 'ʊ',
  UW: 'u',
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  R: 'ɹ',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
}

/** Consonant clusters a syllable may start with, so a stress mark goes before the whole onset. */
const ONSETS = new Set(
  (
    'P B T D K G F V TH DH S Z SH ZH HH CH JH M N L R W Y ' +
    'P_L P_R B_L B_R T_R D_R K_L K_R G_L G_R F_L F_R TH_R SH_R S_P S_T S_K S_M S_N S_L S_W T_W D_W K_W ' +
    'G_W P_Y B_Y K_Y M_Y F_Y HH_Y V_Y S_P_L S_P_R S_T_R S_K_R S_K_W'
  )
    .split(' ')
    .map((onset) => onset.replace(/_/g, ' ')),
)

/** One CMUdict entry read: IPA with stress marks, syllable count and stress pattern. */
export function readPronunciation(arpabet: string): Omit<Pronunciation, 'partsOfSpeech'> {
  const phones = arpabet.split(' ')
  const vowels = phones.flatMap((p, i) => (/\d$/.test(p) ? [i] : []))
  const stress = vowels.map((i) => (phones[i] as string).slice(-1)).join('')
  const marks = new Map<number, string>()
  vowels.forEach((v, k) => {
    const mark = stress[k] === '1' ? 'ˈ' : stress[k] === '2' ? 'ˌ' : ''
    if (!mark) return
    const previous = k === 0 ? -1 : (vowels[k - 1] as number)
    let start = v
    while (start - 1 > previous && ONSETS.has(phones.slice(start - 1, v).join(' '))) start--
    if (k === 0) start = 0
    marks.set(start, mark)
  })
  const ipa = phones
    .map((p, i) => {
      const bare = p.replace(/\d$/, '')
      const sound =
        bare === 'AH' && p.endsWith('0') ? 'ə' : bare === 'ER' && p.endsWith('0') ? 'ɚ' : (IPA[bare] ?? bare)
      return (marks.get(i) ?? '') + sound
    })
    .join('')
  return { arpabet, ipa, syllables: vowels.length, stress }
}
