/**
 * Candidate excerpts from the literary quotations of the GNU Collaborative International Dictionary of
 * English (dictd text of Debian's `dict-gcide`). Each quotation illustrates one numbered sense of one entry
 * and names its author. Only quotations GCIDE marks as taken unchanged from the 1913 Webster (tag
 * `[1913 Webster]`) are used, so every excerpt is public-domain text; later additions (`[PJC]`, WordNet) are not.
 */
import type { PartOfSpeech } from '../../../lexicon/wordnet-format'
import { hasBalancedQuotes, isWholeSentence } from '../text'
import { MAX_EXCERPT_LENGTH, MIN_EXCERPT_LENGTH, type CandidateExcerpt } from './works'

/** Part-of-speech labels of the 1913 Webster and the lexicon's part of speech for each. */
const POS_LABELS: Record<string, PartOfSpeech> = {
  'n.': 'noun',
  'v. t.': 'verb',
  'v. i.': 'verb',
  'v.': 'verb',
  'a.': 'adjective',
  'adj.': 'adjective',
  'adv.': 'adverb',
}

const HEADWORD = /^([A-Za-z]+(?:-[a-z]+)?) \\[^\\]*\\(?: \([^)]*\))?, ((?:[a-z]+\. ?)+)/
const SENSE = /^ {3}(\d+)\. /
const QUOTATION_LINE = /^ {12,}\S/
const TAG = /^ {3,6}\[([^\]]+)\]\s*$/
/**
 * Leftover dictionary markup, characters the conversion lost ("imperial ?way"), figures, and the editors'
 * ellipses (". . ."), which mark an abridged quotation rather than a whole sentence.
 */
const MARKUP = /[{}[\]\\|*=^<>~]|\?\p{L}|\d|\.\s?\.\s?\./u

type Entry = { headword: string; label: string; pos: PartOfSpeech | undefined; ordinal: number }

/** Splits a quotation block (lines joined by spaces) into its text and the attribution after its last `--`. */
function splitAttribution(block: string): { quote: string; attribution: string } | null {
  const at = block.lastIndexOf(' --')
  if (at === -1) return null
  const attribution = block.slice(at + 3).trim()
  if (!/^\p{Lu}/u.test(attribution) || attribution.length > 60) return null
  return { quote: block.slice(0, at).trim(), attribution }
}

export function gcideQuotations(dictText: string): CandidateExcerpt[] {
  const out: CandidateExcerpt[] = []
  const entriesPerHeadword = new Map<string, number>()
  const quotationsPerSense = new Map<string, number>()
  let entry: Entry | null = null
  let sense: number | null = null
  let block: string[] = []

  const closeBlock = (tag: string) => {
    const lines = block
    block = []
    if (!entry?.pos || lines.length === 0 || tag !== '1913 Webster') return
    const parts = splitAttribution(lines.join(' ').replace(/\s+/g, ' '))
    if (!parts) return
    const senseKey = `${entry.headword}|${entry.ordinal}|${sense}`
    const quotation = (quotationsPerSense.get(senseKey) ?? 0) + 1
    quotationsPerSense.set(senseKey, quotation)
    const text = parts.quote
    if (text.length < MIN_EXCERPT_LENGTH || text.length > MAX_EXCERPT_LENGTH) return
    if (MARKUP.test(text) || !isWholeSentence(text) || !hasBalancedQuotes(text)) return
    const lemma = entry.headword.toLowerCase()
    out.push({
      work: 'webster-1913',
      key: `${lemma}.${entry.ordinal}.${sense ?? 0}.${quotation}`,
      text,
      locator: {
        kind: 'dictionary-quotation',
        headword: entry.headword,
        partOfSpeechLabel: entry.label,
        entry: entry.ordinal,
        sense,
        quotation,
        attribution: parts.attribution,
      },
      lineStarts: [],
      illustrates: { lemma, partOfSpeech: entry.pos },
    })
  }

  for (const line of dictText.split('\n')) {
    if (line.length > 0 && line[0] !== ' ') {
      block = []
      const m = HEADWORD.exec(line)
      if (!m) {
        entry = null
        continue
      }
      const headword = m[1] as string
      const label = (m[2] as string).trim()
      // "March" and "march" are entries of one lemma: number them together so keys stay unique.
      const ordinal = (entriesPerHeadword.get(headword.toLowerCase()) ?? 0) + 1
      entriesPerHeadword.set(headword.toLowerCase(), ordinal)
      entry = { headword, label, pos: POS_LABELS[label], ordinal }
      sense = null
      continue
    }
    const senseMatch = SENSE.exec(line)
    if (senseMatch) {
      sense = Number(senseMatch[1])
      block = []
      continue
    }
    if (QUOTATION_LINE.test(line)) {
      block.push(line.trim())
      continue
    }
    const tag = TAG.exec(line)
    if (tag) closeBlock(tag[1] as string)
    else if (line.trim() !== '') block = []
  }
  return out
}
