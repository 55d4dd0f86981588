import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { markRuns, onCodePointBoundary, wordSpan, type Mark } from '../../web/lib/highlight'
import { importText } from '../../web/lib/text-import'

const mark = (start: number, end: number, id = `${start}-${end}`, kind = 'x'): Mark => ({
  start,
  end,
  id,
  kind,
})

/** The text under each mark, as the page draws it. */
function drawn(text: string, marks: Mark[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const run of markRuns(text, marks)) for (const m of run.marks) out[m.id] = (out[m.id] ?? '') + run.text
  return out
}

describe('marks over a text at UTF-16 ranges', () => {
  it('cuts the text into runs that cover it exactly, nested marks included', () => {
    const text = 'All residents support the park.'
    const runs = markRuns(text, [mark(4, 13, 'a'), mark(4, 21, 'b')])
    assert.equal(runs.map((r) => r.text).join(''), text)
    assert.deepEqual(drawn(text, [mark(4, 13, 'a'), mark(4, 21, 'b')]), {
      a: 'residents',
      b: 'residents support',
    })
    assert.deepEqual(
      runs[1]?.marks.map((m) => m.id),
      ['b', 'a'],
    )
  })

  it('puts marks after astral characters at the UTF-16 offsets the service returns', () => {
    const text = '😀 The 𝔭𝔞𝔯𝔨 rose 45% 🎉.'
    const park = text.indexOf('𝔭𝔞𝔯𝔨')
    const pct = text.indexOf('45%')
    assert.equal(park, 7)
    assert.deepEqual(drawn(text, [mark(park, park + 8, 'park'), mark(pct, pct + 3, 'pct')]), {
      park: '𝔭𝔞𝔯𝔨',
      pct: '45%',
    })
  })

  it('leaves out a range that splits a surrogate pair, is empty or lies outside the text', () => {
    const text = 'a😀b'
    assert.equal(onCodePointBoundary(text, 2), false)
    assert.equal(onCodePointBoundary(text, 3), true)
    assert.deepEqual(drawn(text, [mark(1, 2), mark(2, 3), mark(2, 2), mark(-1, 1), mark(3, 9)]), {})
    assert.deepEqual(drawn(text, [mark(1, 3, 'emoji')]), { emoji: '😀' })
  })

  it('keeps CRLF text whole: offsets into it draw the right characters', () => {
    const text = 'First line.\r\nOnly 45% answered.'
    const pct = text.indexOf('45%')
    assert.equal(
      markRuns(text, [mark(pct, pct + 3)])
        .map((r) => r.text)
        .join(''),
      text,
    )
    assert.deepEqual(drawn(text, [mark(pct, pct + 3, 'pct')]), { pct: '45%' })
  })

  it('matches offsets computed on an imported file with a BOM and CRLF line breaks', () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('Line one.\r\n😀 Only 45% answered.'),
    ])
    const result = importText('a.txt', bytes)
    assert.ok(result.ok)
    const text = result.ok ? result.text : ''
    // The service indexes the text the page sent: no BOM, LF line breaks.
    assert.equal(text.indexOf('45%'), 18)
    assert.deepEqual(drawn(text, [mark(18, 21, 'pct')]), { pct: '45%' })
  })

  it('widens a selection to whole words and trims what is not a word', () => {
    const text = 'We sat on the bank, by 😀 the river’s edge.'
    assert.deepEqual(wordSpan(text, 15, 16), { start: 14, end: 18 })
    assert.deepEqual(wordSpan(text, 13, 20), { start: 14, end: 18 })
    assert.equal(wordSpan(text, 18, 19), null)
    assert.deepEqual(wordSpan(text, 18, 21), { start: 20, end: 22 })
    const river = text.indexOf('river')
    assert.deepEqual(wordSpan(text, river, river + 2), { start: river, end: river + 7 })
  })
})
