/** The parts of the service's answers the page reads (the OpenAPI document at /openapi.json has them all). */

export type WordLink = { word: string; id: string }
export type Meaning = {
  id: string
  partOfSpeech: string
  senseNumber: number
  definition: string
  examples: string[]
  synonyms: WordLink[]
  relations: { type: string; scope: string; definition: string; words: WordLink[] }[]
}
export type WordRecord = {
  word: string
  query: string
  morphology?: { note: string }
  meanings: Meaning[]
  attribution: { source: string; license: string; url: string }
}

export type HighlightMeaning = { id: string; partOfSpeech: string; definition: string }
export type UsageHighlight = {
  start: number
  end: number
  text: string
  word: string
  meanings: HighlightMeaning[]
}
export type UsageSource = {
  title: string
  authors: string
  written: string
  license: { name: string; url: string }
  review: { status: string; note: string }
  attribution: string
}
export type UsageScene = {
  id: string
  channel: string
  title: string
  situation: string
  versions: { label: string; text: string; highlights: UsageHighlight[]; note: string }[]
  takeaway: string
  relatedContrasts: string[]
}
export type UsageContrast = {
  id: string
  channel: string
  title: string
  summary: string
  terms: { word: string; gist: string; meanings: HighlightMeaning[] }[]
  difference: string
  examples: { text: string; highlights: UsageHighlight[]; note: string }[]
  takeaway: string
}
export type UsageList<T> = {
  release: string
  status: string
  source: UsageSource
  count: number
  records: T[]
}

export type Passage = {
  field: 'text' | 'context' | 'reply' | 'source'
  sourceId?: string
  start: number
  end: number
}
export type TermPlaces = { term: string; passages: Passage[] }
export type LocalReview = {
  method: 'text-checks'
  notices: string[]
  sentences: {
    index: number
    passage: Passage
    matches: { passage: Passage; score: number; sharedTerms: TermPlaces[] }[]
    numbers: {
      passage: Passage
      text: string
      status: string
      observation: string
      inMatches: { passage: Passage }[]
    }[]
    cues: { cue: string; match: Passage; words: { passage: Passage; word: string }[]; observation: string }[]
  }[]
  quotations: { passage: Passage; quote: string; status: string; places: Passage[]; observation: string }[]
  vocabulary: { unsourced: TermPlaces[] }
  meaningNotes: { term: string; passages: Passage[]; meanings: HighlightMeaning[] }[]
}
export type CloudReview = {
  method: 'model-assisted'
  notices: string[]
  model: string
  claims: {
    quote: string
    passage: Passage
    claim: string
    judgment: string
    explanation: string
    citations: { sourceId: string; label: string; quote: string; passage: Passage }[]
  }[]
  termReadings: { term: string; meaningId: string | null; definition: string | null; explanation: string }[]
  overview: string
}
export type Capabilities = {
  modes: { mode: string; configured: boolean; missing: string[] }[]
  consent: string[]
  transcription: { configured: boolean; missing: string[]; notes: string[] }
}
export type Transcript = {
  transcript: string
  characters: number
  sentences: number
  model: string
  file: { type: string; bytes: number }
  limits: string[]
}

export type Candidate = {
  meaning: string
  word: string
  partOfSpeech: string
  definition: string
  score: number
  share: number
  evidence: {
    frequency: { tagCount: number; contribution: number }
    overlap: { contribution: number; matches: { word: string; matched: string; source: string }[] }
    partOfSpeech: { contribution: number }
    domain: { contribution: number }
    discourse: { contribution: number }
  }
}
export type Decision =
  | { status: 'chosen'; meaning: string; word: string; definition: string; margin: number }
  | { status: 'abstained'; explanation: string }
export type Resolution = {
  target: { text: string; span: { start: number; end: number } }
  word?: string
  candidates: Candidate[]
  decision: Decision
}

export type Catalogue = {
  datasets: {
    dataset: string
    visibility: string
    access: { key: boolean; scope: string | null }
    available: boolean
    unavailableReason: string | null
    version: string | null
    recordCount: number | null
    status: string | null
    routes: { manifest: string; records: string; download: string }
    sourceTerms: {
      title: string
      summary: string
      license: string
      attribution: string
      limitations?: string[]
      sources: { name: string; license: string; url?: string }[]
    } | null
  }[]
}
export type DatasetPage = {
  version: string
  total: number
  count: number
  nextCursor: string | null
  records: Record<string, unknown>[]
}
