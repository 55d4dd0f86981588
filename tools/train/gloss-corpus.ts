/**
 * Reading sense-tagged JSON Lines for training: SemCor's documents, and the Princeton WordNet Gloss Corpus
 * (WordNet's definitions and examples with their words tagged, one synset a document), kept to the tags made
 * by hand or also the corpus's automatic ones. Files are read from the paths given, never from the project.
 */
import { readFile } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import type { TaggedSentence } from './learned-train'

/** Which of the gloss corpus's tags are read: `man` (disambiguated by hand) or also `auto` (its heuristics). */
export type GlossTags = 'man' | 'man+auto'

type GlossSentence = Omit<TaggedSentence, 'annotations'> & {
  annotations: Array<TaggedSentence['annotations'][number] & { tag?: string }>
}

/** The documents of a JSON Lines file (gzipped when its name ends in `.gz`), sentences in order. */
export async function taggedDocuments<T extends TaggedSentence = TaggedSentence>(
  path: string,
): Promise<T[][]> {
  const raw = await readFile(path)
  const docs: T[][] = []
  for (const line of (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8').split('\n')) {
    if (line.trim() === '') continue
    const sentence = JSON.parse(line) as T
    const last = docs[docs.length - 1]
    if (last && last[0]?.doc === sentence.doc) last.push(sentence)
    else docs.push([sentence])
  }
  return docs
}

/** The gloss corpus's documents from every path, each sentence keeping only the tags asked for. */
export async function glossDocuments(paths: readonly string[], tags: GlossTags): Promise<TaggedSentence[][]> {
  const out: TaggedSentence[][] = []
  for (const path of paths) {
    for (const doc of await taggedDocuments(path)) {
      out.push(
        (doc as unknown as GlossSentence[]).map((sentence) => ({
          ...sentence,
          annotations: sentence.annotations.filter((a) => a.tag === 'man' || tags === 'man+auto'),
        })),
      )
    }
  }
  return out
}
