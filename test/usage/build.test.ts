import assert from 'node:assert/strict'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'node:test'
import { lookupWord } from '../../src/lexicon/record'
import { canonicalJson } from '../../src/storage/canonical-json'
import { sha256Hex } from '../../src/storage/digest'
import { UsageContentError, type ContentProblem } from '../../src/usage/authored'
import { blockDigests } from '../../src/storage/block-hashes'
import { buildUsageRelease, USAGE_BLOCK_BYTES, USAGE_FORMAT } from '../../src/usage/build'
import { UsageIndexSchema } from '../../src/usage/record-index'
import { readAuthoredUsage, USAGE_CONTENT_DIR } from '../../src/usage/build-node'
import { catalogUsage, contrastsInvolving } from '../../src/usage/catalog'
import { USAGE_CHANNELS, type UsagePassage } from '../../src/usage/schemas'
import { testLexicon } from '../helpers/lexicon'
import { builtUsage } from '../helpers/usage'

/** Builds a copy of the authored material after `change` edits it, and returns the problems reported. */
async function problemsAfter(change: (dir: string) => Promise<void>): Promise<ContentProblem[]> {
  const dir = await mkdtemp(join(tmpdir(), 'usage-content-'))
  try {
    await cp(USAGE_CONTENT_DIR, dir, { recursive: true })
    await change(dir)
    await buildUsageRelease(await readAuthoredUsage(dir), await testLexicon())
  } catch (err) {
    if (err instanceof UsageContentError) return err.problems
    throw err
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  assert.fail('the build should have failed')
}

async function edit(dir: string, file: string, from: string, to: string): Promise<void> {
  const path = join(dir, file)
  const text = await readFile(path, 'utf8')
  assert.ok(text.includes(from), `${file} should contain ${from}`)
  await writeFile(path, text.replace(from, to))
}

function allPassages(built: Awaited<ReturnType<typeof builtUsage>>): UsagePassage[] {
  return [...built.scenes.flatMap((s) => s.versions), ...built.contrasts.flatMap((c) => c.examples)]
}

describe('usage build', () => {
  it('holds 36 contrasts and at least 32 scenes, covering every channel with both kinds', async () => {
    const { manifest, scenes, contrasts } = await builtUsage()
    assert.equal(contrasts.length, 36)
    assert.ok(scenes.length >= 32)
    for (const channel of USAGE_CHANNELS) {
      const sceneCount = scenes.filter((s) => s.channel === channel).length
      const contrastCount = contrasts.filter((c) => c.channel === channel).length
      assert.ok(sceneCount > 0 && contrastCount > 0, channel)
      assert.equal(manifest.coverage.scenes.byChannel[channel], sceneCount)
      assert.equal(manifest.coverage.contrasts.byChannel[channel], contrastCount)
    }
    assert.equal(manifest.coverage.scenes.total, scenes.length)
    assert.equal(manifest.coverage.contrasts.total, 36)
    assert.deepEqual(manifest.coverage.channels, [...USAGE_CHANNELS])
  })

  it('says who wrote it, when, under which license, that it is unreviewed, and where definitions come from', async () => {
    const { manifest } = await builtUsage()
    const lexicon = await testLexicon()
    assert.equal(manifest.status, 'editorial-preview')
    assert.equal(manifest.source.authors, 'The lexicon-service maintainers')
    assert.match(manifest.source.written, /^\d{4}-\d{2}-\d{2}$/)
    assert.equal(manifest.source.license.spdx, 'CC-BY-4.0')
    assert.equal(manifest.source.review.status, 'unreviewed')
    assert.equal(manifest.source.definitions.lexiconRelease, lexicon.manifest.release)
    assert.ok(manifest.limitations.length > 0)
  })

  it('gives every scene three versions that differ, each with a note and highlighted words', async () => {
    const { scenes, contrasts } = await builtUsage()
    const contrastIds = new Set(contrasts.map((c) => c.id))
    for (const scene of scenes) {
      assert.equal(scene.versions.length, 3, scene.id)
      assert.equal(new Set(scene.versions.map((v) => v.text)).size, 3, scene.id)
      for (const v of scene.versions) assert.ok(v.note && v.label && v.highlights.length > 0, scene.id)
      for (const id of scene.relatedContrasts) assert.ok(contrastIds.has(id), `${scene.id} → ${id}`)
    }
  })

  it('marks highlights as ordered, non-overlapping half-open UTF-16 ranges', async () => {
    let afterAstralCharacter = 0
    for (const passage of allPassages(await builtUsage())) {
      let previousEnd = 0
      for (const h of passage.highlights) {
        assert.equal(passage.text.slice(h.start, h.end), h.text, passage.text)
        assert.ok(h.start >= previousEnd, passage.text)
        previousEnd = h.end
        if ([...passage.text.slice(0, h.start)].length !== h.start) afterAstralCharacter++
      }
    }
    // At least one span sits after an emoji, where UTF-16 offsets and code point offsets differ.
    assert.ok(afterAstralCharacter > 0)
  })

  it('points every contrasted word to meanings of that word in the current lexicon, with their definitions', async () => {
    const { scenes, contrasts } = await builtUsage()
    const lexicon = await testLexicon()
    const words = [
      ...contrasts.flatMap((c) => c.terms),
      ...allPassages({ scenes, contrasts } as Awaited<ReturnType<typeof builtUsage>>).flatMap(
        (p) => p.highlights,
      ),
    ]
    for (const { word, meanings } of words) {
      for (const m of meanings) {
        const found = lookupWord(lexicon, word, m.id)
        assert.ok(found.found, `${word} ${m.id}`)
        assert.equal(found.record.meanings[0]?.definition, m.definition)
        assert.equal(found.record.meanings[0]?.partOfSpeech, m.partOfSpeech)
      }
    }
  })

  it('is deterministic: the version is the SHA-256 of the canonical content, and files match the manifest', async () => {
    const first = await builtUsage()
    const again = await buildUsageRelease(await readAuthoredUsage(), await testLexicon())
    assert.equal(again.manifest.version, first.manifest.version)
    assert.deepEqual(again.files, first.files)
    const { status, source, limitations } = first.manifest
    const content = {
      format: USAGE_FORMAT,
      status,
      source,
      limitations,
      scenes: first.scenes,
      contrasts: first.contrasts,
    }
    assert.equal(first.manifest.version, await sha256Hex(canonicalJson(content)))
    for (const file of first.files) {
      const entry = first.manifest.files.find((f) => f.path === file.path)
      assert.deepEqual(entry, {
        path: file.path,
        bytes: file.bytes.byteLength,
        sha256: await sha256Hex(file.bytes),
      })
    }
  })

  it('fails on a meaning ID that does not resolve, naming the file and the field', async () => {
    const problems = await problemsAfter((dir) =>
      edit(dir, 'scenes/running-late.yaml', "'soon%4:02:00::'", "'soon%4:02:09::'"),
    )
    assert.equal(problems.length, 1)
    assert.equal(problems[0]?.file, 'content/usage/scenes/running-late.yaml')
    assert.equal(problems[0]?.field, 'versions[0].highlights[0].meanings[0]')
    assert.match(problems[0]?.message ?? '', /"soon%4:02:09::" does not resolve in lexicon release/)
  })

  it('fails on a meaning ID of another word', async () => {
    const problems = await problemsAfter((dir) =>
      edit(
        dir,
        'contrasts/imply-infer.yaml',
        "meanings: ['imply%2:32:00::']",
        "meanings: ['infer%2:31:00::']",
      ),
    )
    assert.deepEqual(problems, [
      {
        file: 'content/usage/contrasts/imply-infer.yaml',
        field: 'terms[0].meanings[0]',
        message: '"infer%2:31:00::" is a meaning of "infer", not of "imply"',
      },
      {
        file: 'content/usage/contrasts/imply-infer.yaml',
        field: 'examples[0].highlights[0]',
        message: '"imply%2:32:00::" is not among the meanings of term "imply"',
      },
      {
        file: 'content/usage/contrasts/imply-infer.yaml',
        field: 'examples[2].highlights[0]',
        message: '"imply%2:32:00::" is not among the meanings of term "imply"',
      },
    ])
  })

  it('fails on a word that is not in the lexicon', async () => {
    const problems = await problemsAfter((dir) =>
      edit(
        dir,
        'scenes/running-late.yaml',
        '      - text: soon\n',
        '      - text: soon\n        word: soonish\n',
      ),
    )
    assert.deepEqual(
      problems.map((p) => [p.field, p.message.replace(/[0-9a-f]{12}$/, 'R')]),
      [['versions[0].highlights[0]', '"soonish" is not a word in lexicon release R']],
    )
  })

  it('names unknown fields, wrong channels, unquoted meaning IDs and invalid YAML', async () => {
    const problems = await problemsAfter(async (dir) => {
      await edit(dir, 'scenes/running-late.yaml', 'channel: message', 'channel: messages\ncolour: blue')
      await edit(dir, 'scenes/new-dog.yaml', "meanings: ['buy%2:40:00::']", 'meanings: [buy%2:40:00::]')
      await edit(dir, 'contrasts/lie-lay.yaml', 'title: Lie or lay', 'title: Lie: or lay')
    })
    const seen = problems.map((p) => `${p.file.replace('content/usage/', '')} ${p.field}: ${p.message}`)
    assert.ok(
      seen.includes('scenes/running-late.yaml channel: must be one of caption, message, claim, community'),
    )
    assert.ok(seen.includes('scenes/running-late.yaml colour: is not a known field'))
    assert.ok(
      seen.includes(
        "scenes/new-dog.yaml versions[0].highlights[0].meanings[0]: must be a meaning ID in quotes, such as 'imply%2:32:00::'",
      ),
    )
    assert.ok(
      seen.some(
        (s) => s.startsWith('contrasts/lie-lay.yaml (line 2, column ') && s.includes('not valid YAML'),
      ),
    )
  })

  it('fails on a highlight that is not a whole phrase of its text, or is ambiguous', async () => {
    const problems = await problemsAfter(async (dir) => {
      await edit(dir, 'scenes/running-late.yaml', '      - text: shortly\n', '      - text: short\n')
      await edit(dir, 'contrasts/unique-rare.yaml', '        occurrence: 2\n', '        occurrence: 3\n')
      await edit(dir, 'contrasts/unique-rare.yaml', '        occurrence: 1\n', '')
    })
    assert.deepEqual(
      problems.map((p) => [p.file, p.field, p.message]),
      [
        [
          'content/usage/contrasts/unique-rare.yaml',
          'examples[1].highlights[0].text',
          '"unique" appears 2 times in the text; say which with occurrence',
        ],
        [
          'content/usage/contrasts/unique-rare.yaml',
          'examples[1].highlights[1].occurrence',
          '"unique" appears only 2 times',
        ],
        [
          'content/usage/scenes/running-late.yaml',
          'versions[1].highlights[0].text',
          '"short" is not a whole phrase of the text',
        ],
      ],
    )
  })

  it('fails when a scene names a contrast that does not exist, or a file is misnamed', async () => {
    const problems = await problemsAfter(async (dir) => {
      await edit(dir, 'scenes/running-late.yaml', 'related: [promise-intend-hope]', 'related: [imply-infers]')
      await cp(join(dir, 'scenes/new-dog.yaml'), join(dir, 'scenes/New_Dog.yaml'))
    })
    assert.deepEqual(
      problems.map((p) => [p.file, p.field]),
      [
        ['content/usage/scenes/New_Dog.yaml', '(file name)'],
        ['content/usage/scenes/running-late.yaml', 'related[0]'],
      ],
    )
  })

  it('fails when the material is incomplete', async () => {
    const problems = await problemsAfter(async (dir) => {
      for (const name of [
        'historic-historical',
        'lie-lay',
        'fewer-less',
        'farther-further',
        'emigrate-immigrate',
      ]) {
        await rm(join(dir, 'contrasts', `${name}.yaml`))
      }
      for (const name of [
        'candid-posed',
        'stationary-stationery',
        'famous-infamous-notorious',
        'complement-compliment',
      ]) {
        await rm(join(dir, 'contrasts', `${name}.yaml`))
      }
      await rm(join(dir, 'scenes/running-late.yaml'))
    })
    assert.deepEqual(
      problems.filter((p) => !p.file.endsWith('.yaml')).map((p) => `${p.file}: ${p.message}`),
      [
        'content/usage/contrasts: holds 27 contrasts; the release holds exactly 36',
        'content/usage/scenes: holds 31 scenes; the release needs at least 32',
        'content/usage/contrasts: no contrasts in channel "caption"',
      ],
    )
  })
})

describe('the files for reading by parts', () => {
  it('index every record by its byte range, and hash every 4 KiB block of the record files', async () => {
    const { manifest, files, scenes, contrasts } = await builtUsage()
    const bytesOf = (path: string) => files.find((f) => f.path === path)?.bytes ?? new Uint8Array()
    const index = UsageIndexSchema.parse(JSON.parse(new TextDecoder().decode(bytesOf('usage-index.json'))))
    const sceneBytes = bytesOf('scenes.json')
    const contrastBytes = bytesOf('contrasts.json')
    assert.deepEqual(JSON.parse(new TextDecoder().decode(sceneBytes)), scenes)
    const at = (bytes: Uint8Array, place: { start: number; end: number }) =>
      JSON.parse(new TextDecoder().decode(bytes.subarray(place.start, place.end))) as unknown
    assert.deepEqual(
      index.scenes.map((place) => at(sceneBytes, place)),
      scenes,
    )
    assert.deepEqual(
      index.contrasts.map((place) => at(contrastBytes, place)),
      contrasts,
    )
    assert.deepEqual(
      index.contrasts.map((place) => place.words),
      contrasts.map((c) => c.terms.map((t) => t.word)),
    )
    assert.deepEqual(
      bytesOf('block-hashes.bin'),
      await blockDigests([sceneBytes, contrastBytes], USAGE_BLOCK_BYTES),
    )
    assert.deepEqual(
      manifest.files.map((f) => [f.path, f.bytes]),
      files.map((f) => [f.path, f.bytes.byteLength]),
    )
  })
})

describe('contrasts involving a word or meaning', () => {
  it('finds contrasts by lemma in any case, or by meaning ID', async () => {
    const { manifest, scenes, contrasts } = await builtUsage()
    const catalog = catalogUsage(manifest, scenes, contrasts)
    const ids = (key: string) => contrastsInvolving(catalog, key).map((c) => c.id)
    assert.deepEqual(ids('imply'), ['imply-infer'])
    assert.deepEqual(ids(' Imply '), ['imply-infer'])
    assert.deepEqual(ids('imply%2:32:00::'), ['imply-infer'])
    assert.deepEqual(ids('suggest'), ['claim-suggest-prove'])
    assert.deepEqual(ids('fall_short'), [])
    assert.deepEqual(ids('imply%2:42:00::'), [])
    assert.deepEqual(ids('qwzx'), [])
  })
})
