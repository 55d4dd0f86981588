/**
 * The association-practice pipeline: practice prompts, each a cue word with candidate responses labelled by
 * the evidence that links them to the cue (or by the absence of any recorded link). Cues are target words of
 * literary-context, so "seen together" points at real excerpts. Pure and deterministic.
 */
import type { Lexicon } from '../../../lexicon/lexicon'
import type { PartOfSpeech } from '../../../lexicon/wordnet-format'
import type {
  DatasetRecord,
  DatasetReleaseInput,
  SourceTerms,
  SourceWork,
} from '../../../datasets/release-input'
import type { LiteraryContextRecord } from '../literary-context/schema'
import type { Edition } from '../literary-context/works'
import { lexiconSourceWork } from '../lexicon-source'
import { scramble, scrambledOrder } from '../order'
import { commonSenses, meaningIds } from '../readings'
import { countBy } from '../statistics'
import {
  anyLink,
  cooccurrenceIndex,
  definitionFrequency,
  isResponseWord,
  linksOf,
  LINKED_CATEGORIES,
  type Category,
  type Evidence,
  type Link,
} from './links'
import { ASSOCIATION_PRACTICE_SCHEMA, ASSOCIATION_PRACTICE_SEARCH } from './schema'
import { classroomSafety, type ClassroomSafety } from './classroom'

export const PRACTICE_NOTICE =
  'Practice material, not a validated semantic graph: links are read off WordNet relations and definitions ' +
  'and off co-occurrence in literary-context excerpts; no link was judged by people, and "no recorded link" ' +
  'means only that these sources record none.'

export const ASSOCIATION_PRACTICE_STATUS = 'practice-material'

export const CLASSROOM_NOTE =
  'No cue or response is on the LDNOOBW English profanity list (naughty-words), or stands in a meaning ' +
  'WordNet marks as offensive (slurs included), vulgar or disparaging; a response whose evidence names no ' +
  'meaning of it (in definition, seen together, no recorded link) has no such meaning at all.'

export type AssociationPracticeSources = {
  /** The literary-context records the cues are drawn from and "seen together" points at. */
  literaryContext: { records: readonly LiteraryContextRecord[]; sourceWork: SourceWork }
  stopwords: { words: readonly string[]; edition: Edition }
}

export type Response = { word: string; category: Category; evidence: Evidence }

export type AssociationPracticeRecord = {
  id: string
  notice: string
  cue: { word: string; partOfSpeech: PartOfSpeech; meaningIds: string[] }
  responses: Response[]
}

export type PromptPlan = {
  /** Prompts per part of speech of the cue. */
  quotas: Record<PartOfSpeech, number>
  /** A prompt needs links in at least this many categories. */
  minLinkedCategories: number
}

export const PROMPT_PLAN: PromptPlan = {
  quotas: { noun: 490, verb: 330, adjective: 190, adverb: 40 },
  minLinkedCategories: 4,
}

/** No response word may stand in more than this share of the prompts (a teacher's list must vary). */
export const MAX_RESPONSE_SHARE = 0.01

/** Times each response word has been used so far, and how many uses the share allows. */
type ResponseUse = { counts: Map<string, number>; cap: number }

const available = (use: ResponseUse, word: string) => (use.counts.get(word) ?? 0) < use.cap

/**
 * Whether a link may go before a class: its meanings (the cue's and the response's) unmarked, and where the
 * evidence names no meaning of the response, every meaning of the response word unmarked.
 */
function linkSafe(link: Link, safety: ClassroomSafety): boolean {
  const ids = link.evidence.meaningIds
  return safety.meaningsSafe(ids) && (ids.length >= 2 || safety.wordSafe(link.word))
}

/** One response per linked category: its most informative classroom-safe link whose word is not used up. */
function pickLinks(links: readonly Link[], use: ResponseUse, safety: ClassroomSafety): Link[] {
  const out: Link[] = []
  for (const category of LINKED_CATEGORIES) {
    const best = links.find((l) => l.category === category && available(use, l.word) && linkSafe(l, safety))
    if (best) out.push(best)
  }
  return out
}

/** How many prompts each response word stands in, the most used first: the spread the statistics report. */
function responseSpread(records: readonly AssociationPracticeRecord[]) {
  const counts = new Map<string, number>()
  for (const r of records) for (const x of r.responses) counts.set(x.word, (counts.get(x.word) ?? 0) + 1)
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  const most = sorted[0]?.[1] ?? 0
  return {
    distinctWords: counts.size,
    maxPromptsPerWord: most,
    maxShareOfPrompts: Math.round((most / Math.max(records.length, 1)) * 10_000) / 10_000,
    limitShareOfPrompts: MAX_RESPONSE_SHARE,
    mostUsed: sorted.slice(0, 10).map(([word, prompts]) => ({ word, prompts })),
  }
}

function sourceTerms(sources: AssociationPracticeSources, lexicon: Lexicon): SourceTerms {
  const stop = sources.stopwords.edition
  return {
    title: 'Association practice',
    summary:
      'Practice prompts: a cue word and candidate responses, each labelled with the category of evidence that ' +
      'links it to the cue (same meaning, opposite, broader, narrower, part or whole, derived form, in a ' +
      'definition, seen together in a literary-context excerpt, or no recorded link) and a pointer to that ' +
      'evidence (meaning IDs, excerpt IDs). ' +
      PRACTICE_NOTICE,
    license:
      'Derived from WordNet 3.1 (WordNet license, which travels with copies) and from literary-context ' +
      'record IDs; the prompts themselves are offered under the same terms as WordNet.',
    attribution:
      'Relations and definitions from WordNet 3.1, Princeton University; excerpts from literary-context.',
    sources: [
      lexiconSourceWork(lexicon, 'Relations, definitions and meaning IDs of the links.'),
      sources.literaryContext.sourceWork,
      {
        name: 'English stop words (never cues or responses)',
        package: { registry: stop.registry, name: stop.package, version: stop.version },
        license: 'PDDL-1.0 and CC0-1.0 (data)',
      },
    ],
    limitations: [
      PRACTICE_NOTICE,
      'Each response carries one category: where several link it to the cue, the first of same meaning, ' +
        'opposite, broader, narrower, part or whole, derived form, in definition, seen together.',
      'WordNet relations hold between meanings; a response linked through one meaning of the cue may be ' +
        'unrelated to its other meanings.',
      'Seen together means both words occur in the same literary-context excerpts, two or more of them, ' +
        'nothing more.',
      CLASSROOM_NOTE,
      'Responses are chosen by how informative the link is, words tagged at least once in the WordNet ' +
        "concordances first: through the cue's common meanings first (WordNet tag counts), to a common " +
        'meaning of the response; the definition word rarest across all definitions; ' +
        'the co-occurrence with the highest pointwise mutual information. Words generic across definitions ' +
        'or excerpts are not offered from those sources, and no response word stands in more than 1 % of the ' +
        'prompts (statistics.responseWords).',
    ],
  }
}

export async function buildAssociationPractice(
  sources: AssociationPracticeSources,
  lexicon: Lexicon,
  plan: PromptPlan = PROMPT_PLAN,
): Promise<DatasetReleaseInput> {
  const stopwords = new Set(sources.stopwords.words.map((w) => w.toLowerCase()))
  const safety = classroomSafety(lexicon)
  const excerpts = sources.literaryContext.records
  const index = cooccurrenceIndex(lexicon, excerpts, stopwords)
  const definitions = definitionFrequency(lexicon)
  const total = Object.values(plan.quotas).reduce((a, b) => a + b, 0)
  const use: ResponseUse = { counts: new Map(), cap: Math.floor(total * MAX_RESPONSE_SHARE) }
  const cues = new Map<string, { word: string; partOfSpeech: PartOfSpeech }>()
  for (const r of excerpts) {
    // A cue is shown without a meaning: none of the meanings it lists may be marked.
    const cueMeanings = () => meaningIds(lexicon, commonSenses(lexicon, r.target.word, r.target.partOfSpeech))
    if (
      isResponseWord(r.target.word) &&
      !stopwords.has(r.target.word) &&
      safety.meaningsSafe(cueMeanings())
    ) {
      cues.set(`${r.target.word}:${r.target.partOfSpeech}`, {
        word: r.target.word,
        partOfSpeech: r.target.partOfSpeech,
      })
    }
  }
  const poolByPos = new Map<PartOfSpeech, string[]>()
  for (const pos of Object.keys(plan.quotas) as PartOfSpeech[]) {
    const words = new Set([...cues.values()].filter((c) => c.partOfSpeech === pos).map((c) => c.word))
    poolByPos.set(pos, [...words].sort())
  }
  /** The first word of the pool, walking round it from a point fixed by the cue, with no link to the cue. */
  const distractorFor = (
    id: string,
    cue: { word: string; partOfSpeech: PartOfSpeech },
    linked: Set<string>,
  ) => {
    const pool = poolByPos.get(cue.partOfSpeech) ?? []
    const from = scramble(`distractor:${id}`) % Math.max(pool.length, 1)
    for (let k = 0; k < pool.length; k++) {
      const word = pool[(from + k) % pool.length] as string
      if (word === cue.word || linked.has(word) || !available(use, word) || !safety.wordSafe(word)) continue
      if (!anyLink(lexicon, cue.word, word, index, stopwords)) return word
    }
    return undefined
  }

  const taken: Record<PartOfSpeech, number> = { noun: 0, verb: 0, adjective: 0, adverb: 0 }
  const records: AssociationPracticeRecord[] = []
  for (const [id, cue] of scrambledOrder([...cues], ([key]) => `cue:${key}`)) {
    if (taken[cue.partOfSpeech] >= plan.quotas[cue.partOfSpeech]) continue
    const links = linksOf(lexicon, cue, index, stopwords, definitions)
    const chosen = pickLinks(links, use, safety)
    if (chosen.length < plan.minLinkedCategories) continue
    const distractor = distractorFor(id, cue, new Set(links.map((l) => l.word)))
    if (!distractor) continue
    const responses: Response[] = [
      ...chosen,
      {
        word: distractor,
        category: 'no-recorded-link' as const,
        evidence: { meaningIds: [], excerptIds: [] },
      },
    ].sort((a, b) => scramble(`${id}:${a.word}`) - scramble(`${id}:${b.word}`) || (a.word < b.word ? -1 : 1))
    for (const response of responses) use.counts.set(response.word, (use.counts.get(response.word) ?? 0) + 1)
    records.push({
      id,
      notice: PRACTICE_NOTICE,
      cue: { ...cue, meaningIds: meaningIds(lexicon, commonSenses(lexicon, cue.word, cue.partOfSpeech)) },
      responses,
    })
    taken[cue.partOfSpeech]++
  }
  for (const pos of Object.keys(plan.quotas) as PartOfSpeech[]) {
    if (taken[pos] < plan.quotas[pos]) {
      throw new Error(
        `association-practice: only ${taken[pos]} ${pos} cues qualify, fewer than ${plan.quotas[pos]}`,
      )
    }
  }
  records.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const responses = records.flatMap((r) => r.responses)
  return {
    dataset: 'association-practice',
    status: ASSOCIATION_PRACTICE_STATUS,
    schema: ASSOCIATION_PRACTICE_SCHEMA,
    search: ASSOCIATION_PRACTICE_SEARCH,
    sourceTerms: sourceTerms(sources, lexicon),
    grouping: null,
    records: records as unknown as DatasetRecord[],
    statistics: {
      prompts: records.length,
      byCuePartOfSpeech: countBy(records, (r) => r.cue.partOfSpeech),
      responses: responses.length,
      responsesByCategory: countBy(responses, (r) => r.category),
      responsesPerPrompt: countBy(records, (r) => String(r.responses.length)),
      responseWords: responseSpread(records),
    },
  }
}
