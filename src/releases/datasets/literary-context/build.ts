/**
 * The literary-context pipeline: source texts and the loaded lexicon in, DatasetReleaseInput out. Pure and
 * deterministic: the same texts, editions and lexicon give the same records in the same order.
 */
import type { Lexicon } from '../../../lexicon/lexicon'
import type { DatasetReleaseInput, SourceTerms } from '../../../datasets/release-input'
import { lexiconSourceWork } from '../lexicon-source'
import { evaluationSplit, SPLIT_RULE } from '../order'
import { meaningIds } from '../readings'
import { countBy, spread } from '../statistics'
import { gcideQuotations } from './gcide'
import { mobyDickExcerpts, type MobyDickChapter } from './moby-dick'
import { LITERARY_CONTEXT_SCHEMA, LITERARY_CONTEXT_SEARCH, type LiteraryContextRecord } from './schema'
import { SELECTION_PLAN, selectExcerpts, type Selected } from './select'
import { sonnetExcerpts, type Sonnet } from './sonnets'
import { ARCHAIC_FUNCTION_WORDS } from './targets'
import { WORK_FACTS, type Edition, type Locator, type Work, type WorkId } from './works'

export type LiteraryContextSources = {
  mobyDick: { chapters: readonly MobyDickChapter[]; edition: Edition }
  sonnets: { sonnets: readonly Sonnet[]; edition: Edition }
  /** The dictd text of GCIDE (gcide.dict, uncompressed). */
  gcide: { text: string; edition: Edition }
  /** An English stop-word list: these words are never targets. */
  stopwords: { words: readonly string[]; edition: Edition }
}

export const LITERARY_CONTEXT_STATUS = 'public-domain-excerpts'

function citation(work: Work, locator: Locator): string {
  const head = `${work.author}, ${work.title} (${work.firstPublished})`
  switch (locator.kind) {
    case 'chapter': {
      const chapter = /^\d+$/.test(locator.chapter) ? `chapter ${locator.chapter}` : locator.chapter
      return `${head}, ${chapter} "${locator.chapterTitle}", paragraph ${locator.paragraph}, sentence ${locator.sentence}`
    }
    case 'sonnet':
      return locator.firstLine === locator.lastLine
        ? `${head}, sonnet ${locator.sonnet}, line ${locator.firstLine}`
        : `${head}, sonnet ${locator.sonnet}, lines ${locator.firstLine}-${locator.lastLine}`
    case 'dictionary-quotation':
      return (
        `${head}, entry "${locator.headword}" (${locator.partOfSpeechLabel})` +
        `${locator.sense === null ? '' : `, sense ${locator.sense}`}, quotation ${locator.quotation}, ` +
        `attributed to ${locator.attribution}`
      )
  }
}

async function toRecord(
  selected: Selected,
  works: Record<WorkId, Work>,
  lexicon: Lexicon,
): Promise<LiteraryContextRecord> {
  const { excerpt, target, group } = selected
  const work = works[excerpt.work]
  return {
    id: `${excerpt.work}:${excerpt.key}:${target.lemma}`,
    excerpt: excerpt.text,
    target: {
      word: target.lemma,
      partOfSpeech: target.partOfSpeech,
      form: target.form,
      span: { start: target.start, end: target.end },
      candidateMeaningIds: meaningIds(lexicon, target.senses),
    },
    work,
    locator: excerpt.locator,
    citation: citation(work, excerpt.locator),
    group,
    split: await evaluationSplit(group),
  }
}

export function literaryContextStatistics(
  records: readonly LiteraryContextRecord[],
): Record<string, unknown> {
  const groups = countBy(records, (r) => r.group)
  const attributions = countBy(
    records.filter((r) => r.locator.kind === 'dictionary-quotation'),
    (r) => (r.locator.kind === 'dictionary-quotation' ? r.locator.attribution : ''),
  )
  return {
    records: records.length,
    byWork: countBy(records, (r) => r.work.id),
    byPartOfSpeech: countBy(records, (r) => r.target.partOfSpeech),
    byWorkAndPartOfSpeech: countBy(records, (r) => `${r.work.id}:${r.target.partOfSpeech}`),
    bySplit: countBy(records, (r) => r.split),
    distinctTargetWords: new Set(records.map((r) => `${r.target.word}:${r.target.partOfSpeech}`)).size,
    groups: Object.keys(groups).length,
    groupSizes: countBy(Object.values(groups), (size) => String(size)),
    quotedAuthors: Object.keys(attributions).length,
    topQuotedAuthors: Object.fromEntries(
      Object.entries(attributions)
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
        .slice(0, 20),
    ),
    mobyDickChapters: new Set(
      records.flatMap((r) => (r.locator.kind === 'chapter' ? [r.locator.chapter] : [])),
    ).size,
    sonnets: new Set(records.flatMap((r) => (r.locator.kind === 'sonnet' ? [r.locator.sonnet] : []))).size,
    excerptLength: spread(records.map((r) => r.excerpt.length)),
    candidateMeanings: spread(records.map((r) => r.target.candidateMeaningIds.length)),
  }
}

function sourceTerms(
  sources: LiteraryContextSources,
  works: Record<WorkId, Work>,
  lexicon: Lexicon,
): SourceTerms {
  const pkg = (edition: Edition) => ({
    registry: edition.registry,
    name: edition.package,
    version: edition.version,
  })
  return {
    title: 'Literary context',
    summary:
      'Whole-sentence excerpts of public-domain literature, each showing one lexicon word in context, with the ' +
      "span of the word, the lexicon's candidate meanings for it (WordNet sense keys) and per-work provenance.",
    license:
      'The excerpts from Moby-Dick and the Sonnets are in the public domain. The excerpts from the 1913 Webster ' +
      'are taken from GCIDE and are distributed under the GNU General Public License, version 2 or later, as ' +
      'GCIDE is; the records that carry them (work id webster-1913) stay under that license.',
    attribution:
      `${works['moby-dick'].author}, ${works['moby-dick'].title} (${works['moby-dick'].firstPublished}); ` +
      `${works.sonnets.author}, ${works.sonnets.title} (${works.sonnets.firstPublished}); quotations from ` +
      `Webster's Revised Unabridged Dictionary (1913) as transcribed in GCIDE, the GNU Collaborative ` +
      'International Dictionary of English; meanings from WordNet 3.1, Princeton University.',
    sources: [
      {
        name: `${works['moby-dick'].title}, ${works['moby-dick'].author}`,
        package: pkg(sources.mobyDick.edition),
        license: 'Public domain text; the package data is offered under PDDL-1.0 and CC0-1.0',
      },
      {
        name: `${works.sonnets.title}, ${works.sonnets.author}`,
        package: pkg(sources.sonnets.edition),
        license: 'Public domain text; the package is offered under Apache-2.0',
      },
      {
        name: 'GCIDE, the GNU Collaborative International Dictionary of English (from the 1913 Webster)',
        package: pkg(sources.gcide.edition),
        license: 'GPL-2.0-or-later',
        url: 'https://www.gnu.org/software/gcide/',
        notes:
          'GCIDE is free software; you can redistribute it and/or modify it under the terms of the GNU General ' +
          'Public License as published by the Free Software Foundation; either version 2, or (at your option) ' +
          'any later version. Only quotations tagged [1913 Webster] are used.',
      },
      {
        name: 'English stop words (words never chosen as targets)',
        package: pkg(sources.stopwords.edition),
        license: 'PDDL-1.0 and CC0-1.0 (data)',
        notes: `Early Modern English function words also excluded: ${ARCHAIC_FUNCTION_WORDS.join(', ')}.`,
      },
      lexiconSourceWork(lexicon, 'Candidate meanings and lemmatization.'),
    ],
    limitations: [
      'No excerpt is labelled with the meaning it uses: candidateMeaningIds lists every meaning of the target ' +
        'word in its part of speech.',
      'Parts of speech are not tagged from the sentence. A word is a target only where the lexicon reads its ' +
        "written form one way (one lemma in one part of speech); in a dictionary quotation the entry's part of " +
        'speech decides.',
      'Dictionary quotations are as the 1913 Webster prints them, sometimes abridged by its editors, with the ' +
        "dictionary's line breaks removed; they name the quoted author but not the quoted work.",
      'Old spellings and punctuation are kept as in the editions used; sentence boundaries are found by rule.',
      'Related variants (one target word in one part of speech from one work) share a group key and must stay ' +
        'together when the data is split for evaluation.',
    ],
  }
}

export async function buildLiteraryContext(
  sources: LiteraryContextSources,
  lexicon: Lexicon,
): Promise<DatasetReleaseInput> {
  const works = Object.fromEntries(
    (['moby-dick', 'sonnets', 'webster-1913'] as const).map((id) => [
      id,
      {
        ...WORK_FACTS[id],
        edition: {
          'moby-dick': sources.mobyDick.edition,
          sonnets: sources.sonnets.edition,
          'webster-1913': sources.gcide.edition,
        }[id],
      },
    ]),
  ) as Record<WorkId, Work>
  const candidates = [
    ...mobyDickExcerpts(sources.mobyDick.chapters),
    ...sonnetExcerpts(sources.sonnets.sonnets),
    ...gcideQuotations(sources.gcide.text),
  ]
  const stopwords = new Set([
    ...sources.stopwords.words.map((w) => w.toLowerCase()),
    ...ARCHAIC_FUNCTION_WORDS,
  ])
  const position = new Map(candidates.map((c, i) => [c, i]))
  // Release order is reading order: work by work, each in the order of its text.
  const selected = selectExcerpts(candidates, lexicon, stopwords, SELECTION_PLAN).sort(
    (a, b) => (position.get(a.excerpt) ?? 0) - (position.get(b.excerpt) ?? 0),
  )
  const records = await Promise.all(selected.map((s) => toRecord(s, works, lexicon)))
  return {
    dataset: 'literary-context',
    status: LITERARY_CONTEXT_STATUS,
    schema: LITERARY_CONTEXT_SCHEMA,
    search: LITERARY_CONTEXT_SEARCH,
    sourceTerms: sourceTerms(sources, works, lexicon),
    grouping: { key: 'group', rule: SPLIT_RULE },
    records,
    statistics: literaryContextStatistics(records),
  }
}
