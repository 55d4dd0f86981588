import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { after, before, describe, it } from 'node:test'
import { createApp } from '../../src/app'
import { definitionRegisters, orderRegisters } from '../../src/lexicon/register'
import { LexiconManifestSchema, WordRecordSchema, type WordRecord } from '../../src/lexicon/schemas'
import { testLexiconProvider } from '../helpers/lexicon'
import { startServer, type TestServer } from '../helpers/server'
import { testUsageProvider } from '../helpers/usage'

const require = createRequire(import.meta.url)

describe('register: which meanings WordNet and the profanity list mark', () => {
  let server: TestServer
  const word = async (w: string): Promise<WordRecord> => {
    const res = await fetch(`${server.url}/api/lexicon/words/${encodeURIComponent(w)}`)
    assert.equal(res.status, 200, w)
    return WordRecordSchema.parse(await res.json())
  }
  const meaning = (record: WordRecord, id: string) => {
    const found = record.meanings.find((m) => m.id === id)
    assert.ok(found, `${record.word} has no meaning ${id}`)
    return found
  }

  before(async () => {
    server = await startServer(
      createApp({ lexicon: await testLexiconProvider(), usage: await testUsageProvider() }),
    )
  })
  after(() => server.close())

  it('marks an ethnic slur offensive, on the word and on each synonym', async () => {
    const wop = meaning(await word('wop'), 'wop%1:18:00::')
    assert.deepEqual(wop.register, ['offensive', 'disparaging', 'slang'])
    assert.ok(wop.synonyms.length > 0)
    for (const synonym of wop.synonyms) assert.ok(synonym.register?.includes('offensive'), synonym.word)
  })

  it('marks a vulgar sense, and a synonym on the profanity list in an unmarked meaning of another word', async () => {
    const twat = await word('twat')
    const genitals = twat.meanings.find((m) => m.register.includes('vulgar'))
    assert.ok(genitals, 'twat has a vulgar meaning')
    assert.match(genitals.definition, /obscene terms/)
    const fool = meaning(await word('goose'), 'goose%1:18:00::')
    assert.deepEqual(fool.register, [])
    assert.deepEqual(fool.synonyms.find((s) => s.word === 'twat')?.register, ['sensitive'])
    assert.equal(fool.synonyms.find((s) => s.word === 'goof')?.register, undefined)
  })

  it('marks an archaic sense old-fashioned, and only the word a definition note names', async () => {
    assert.deepEqual(meaning(await word('forsooth'), 'forsooth%4:02:00::').register, ['old-fashioned'])
    const crisp = meaning(await word('crisp'), 'crisp%2:35:00::')
    assert.deepEqual(crisp.register, ['old-fashioned'])
    assert.match(crisp.definition, /`crisp' is archaic/)
    const wrinkle = meaning(await word('wrinkle'), 'wrinkle%2:35:00::')
    assert.deepEqual(wrinkle.register, [])
    assert.deepEqual(wrinkle.synonyms.find((s) => s.word === 'crisp')?.register, ['old-fashioned'])
  })

  it('marks nothing on a neutral word', async () => {
    const tree = await word('tree')
    assert.ok(tree.meanings.length > 0)
    for (const m of tree.meanings) {
      assert.deepEqual(m.register, [], m.id)
      for (const ref of [...m.synonyms, ...m.relations.flatMap((r) => r.words)]) {
        if (ref.register) assert.ok(!ref.register.includes('offensive'), ref.word)
      }
    }
  })

  it('ships the register in the release, hashed, with the profanity list named as a source', async () => {
    const manifest = LexiconManifestSchema.parse(await (await fetch(`${server.url}/api/lexicon`)).json())
    const file = manifest.files.find((f) => f.path === 'register.json')
    assert.ok(file && /^[a-f0-9]{64}$/.test(file.sha256))
    const pkg = JSON.parse(readFileSync(require.resolve('naughty-words/package.json'), 'utf8')) as {
      version: string
    }
    const source = manifest.sources.find((s) => s.name === 'naughty-words')
    assert.deepEqual(
      { version: source?.version, license: source?.license },
      { version: pkg.version, license: 'CC-BY-4.0' },
    )
    assert.ok(manifest.build.inputs.some((input) => input.name === 'naughty-words/en.json'))
  })
})

describe('register rules', () => {
  it('reads the register a definition names, and the single words a note names', () => {
    const cases: Array<[string, string[]]> = [
      ['(ethnic slur) offensive term for a person of Irish descent', ['offensive']],
      ['obscene terms for feces', ['vulgar']],
      ['vulgar slang for anus', ['vulgar', 'slang']],
      ['a disparaging term for an unsophisticated person', ['disparaging']],
      ['(slang) a neighborhood', ['slang']],
      ['informal terms for a meal', ['informal']],
      ['an archaic term for a parrot', ['old-fashioned']],
      ['(military) an offensive against an enemy (using weapons)', []],
      ["mail that expresses the writer's dislike or hatred (usually in offensive language)", []],
      ['the obsolete process of inoculating a susceptible person', []],
      ['a colloquial expression for invitation', ['informal']],
      ['a colloquial expression; characteristic of spoken or written communication', []],
    ]
    for (const [definition, expected] of cases) {
      assert.deepEqual(orderRegisters(definitionRegisters(definition).all), expected, definition)
    }
    const note = definitionRegisters(
      "if nothing else (`leastwise' is informal and `leastways' is colloquial)",
    )
    assert.deepEqual(note.all, [])
    assert.deepEqual(Object.fromEntries(note.words), { leastwise: ['informal'], leastways: ['informal'] })
  })

  it('drops sensitive where the meaning is marked offensive or vulgar', () => {
    assert.deepEqual(orderRegisters(['sensitive', 'slang', 'vulgar']), ['vulgar', 'slang'])
    assert.deepEqual(orderRegisters(['sensitive', 'informal']), ['informal', 'sensitive'])
  })
})
