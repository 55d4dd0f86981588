import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SEMCOR_MODEL_INFO } from '../../src/semantic/meaning/model-info'
import { semcorModelFile } from '../../src/releases/lexicon-build'
import { TAGGER_MODEL } from '../../models/tagger/tagger-model'
import {
  decodeTaggerModel,
  encodeTaggerModel,
  taggerRowsText,
  type TaggerRows,
} from '../../src/text/tagger-weights'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { projectRoot } from '../../src/storage/project-root'

describe('tagger weights in compact form', () => {
  const rows: TaggerRows = [
    ['agr:noun|x', [-0.599, 0.007, 21.125, 0]],
    ['p1:bank', [1, -1.5, 0, -32.767]],
    ['w:bank', [32.767, 0.001, -0.001, 2.5]],
    ['w:ünï', [0, 0, 0, 3]],
  ]

  it('reads back every weight as the double the JSON text gives, and -1 for an unknown feature', () => {
    const weights = decodeTaggerModel(encodeTaggerModel(rows))
    rows.forEach(([name, expected], row) => {
      assert.equal(weights.rowOf(name), row, name)
      expected.forEach((w, c) => assert.equal(weights.weight(row, c), JSON.parse(JSON.stringify(w))))
    })
    for (const unknown of ['', 'w:ban', 'w:bankx', 'agr:noun|', 'w:bank\n']) {
      assert.equal(weights.rowOf(unknown), -1, JSON.stringify(unknown))
    }
  })

  it('gives back the JSON text of the rows, and an empty model has no features', () => {
    assert.equal(taggerRowsText(encodeTaggerModel(rows)), JSON.stringify(rows))
    assert.equal(decodeTaggerModel(encodeTaggerModel([])).rowOf('w:bank'), -1)
  })

  it('refuses a weight that is not a 16-bit count of thousandths, and a name with a line break', () => {
    assert.throws(() => encodeTaggerModel([['w:a', [32.768, 0, 0, 0]]]), /16-bit/)
    assert.throws(() => encodeTaggerModel([['w:a', [0.0005, 0, 0, 0]]]), /16-bit/)
    assert.throws(() => encodeTaggerModel([['w:\na', [0, 0, 0, 0]]]), /line break/)
  })

  it('finds every committed feature, and its text is the one the model version covers', async () => {
    const weights = decodeTaggerModel(TAGGER_MODEL)
    const names = TAGGER_MODEL.features.split('\n')
    names.forEach((name, row) => assert.equal(weights.rowOf(name), row))
    const model = await readFile(join(projectRoot(), SEMCOR_MODEL_INFO.textPath))
    // The release builder checks the committed model text and tagger weights against the model version.
    await semcorModelFile(model)
  })
})
