/** The part of wordpos (an independent WordNet reader) the tests and benchmarks use. */
declare module 'wordpos' {
  export type WordposResult = {
    lemma: string
    pos: string
    def: string
    gloss: string
    synonyms: string[]
    synsetOffset: number
    lexId: string
  }
  export default class WordPOS {
    constructor(options?: { profile?: boolean; stopwords?: boolean })
    lookup(word: string): Promise<WordposResult[]>
  }
}
