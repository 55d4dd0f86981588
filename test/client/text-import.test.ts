import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  importKindOf,
  importText,
  markdownToText,
  subtitleText,
  TEXT_IMPORT_MAX_BYTES,
} from '../../web/lib/text-import'

const utf8 = (s: string) => new TextEncoder().encode(s)
const BOM = new Uint8Array([0xef, 0xbb, 0xbf])
const withBom = (s: string) => new Uint8Array([...BOM, ...utf8(s)])

function imported(name: string, bytes: Uint8Array): string {
  const result = importText(name, bytes)
  assert.ok(result.ok, result.ok ? '' : result.message)
  return result.text
}

describe('text import', () => {
  it('knows the four kinds by extension, in any case, and nothing else', () => {
    assert.equal(importKindOf('a.TXT'), 'txt')
    assert.equal(importKindOf('notes.markdown'), 'md')
    assert.equal(importKindOf('film.srt'), 'srt')
    assert.equal(importKindOf('talk.vtt'), 'vtt')
    assert.equal(importKindOf('song.mp3'), undefined)
    const refused = importText('song.mp3', utf8('x'))
    assert.equal(refused.ok, false)
    assert.match(refused.ok ? '' : refused.message, /TXT, MD, SRT or VTT/)
  })

  it('reads UTF-8 with or without a byte-order mark, to the same text', () => {
    assert.equal(imported('a.txt', withBom('Café 😀 ok')), 'Café 😀 ok')
    assert.equal(imported('a.txt', utf8('Café 😀 ok')), 'Café 😀 ok')
    assert.equal(imported('a.txt', withBom('x')).charCodeAt(0), 0x78)
  })

  it('makes CRLF and CR line breaks LF, as a textarea holds them', () => {
    assert.equal(imported('a.txt', utf8('one\r\ntwo\rthree\n')), 'one\ntwo\nthree\n')
  })

  it('takes a file of exactly 100 KB and refuses one byte more whole, naming the limit and the size', () => {
    const limit = 'a'.repeat(TEXT_IMPORT_MAX_BYTES)
    assert.equal(imported('a.txt', utf8(limit)).length, TEXT_IMPORT_MAX_BYTES)
    const over = importText('big.txt', utf8(`${limit}a`))
    assert.equal(over.ok, false)
    const message = over.ok ? '' : over.message
    assert.match(message, /100,001 bytes/)
    assert.match(message, /at most 100 KB \(100,000 bytes\)/)
    assert.match(message, /Nothing was imported/)
  })

  it('refuses bytes that are not UTF-8', () => {
    const result = importText('a.txt', new Uint8Array([0x66, 0xff, 0xfe, 0x66]))
    assert.equal(result.ok, false)
    assert.match(result.ok ? '' : result.message, /not valid UTF-8/)
  })

  it('renders Markdown to plain text, markup dropped and words kept', () => {
    const md = [
      '---',
      'title: x',
      '---',
      '# The *new* park',
      '',
      'Most **residents** support [the park](https://example.org) and `nothing` else.',
      '',
      '> A quoted line with ![a map](map.png).',
      '',
      '- first item',
      '1. numbered item',
      '',
      '```js',
      'const kept = true',
      '```',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '***',
      '[ref]: https://example.org',
      'Escaped \\*stars\\* &amp; entities.',
    ].join('\n')
    assert.equal(
      markdownToText(md),
      [
        'The new park',
        '',
        'Most residents support the park and nothing else.',
        '',
        'A quoted line with a map.',
        '',
        'first item',
        'numbered item',
        '',
        'const kept = true',
        '',
        'a  b',
        '1  2',
        '',
        'Escaped *stars* & entities.',
      ].join('\n'),
    )
  })

  it('keeps SRT cue text, one cue a line, and drops numbering, timings and tags', () => {
    const srt =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nMost residents\r\n<i>support</i> the park.\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nOnly 45% answered.\r\n'
    assert.equal(imported('talk.srt', withBom(srt)), 'Most residents support the park.\nOnly 45% answered.')
  })

  it('keeps VTT cue text and drops the header, NOTE and STYLE blocks, identifiers, settings and voice tags', () => {
    const vtt = [
      'WEBVTT - a talk',
      '',
      'NOTE written by hand',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'intro',
      '00:01.000 --> 00:02.000 align:start',
      '<v Ana>Most residents</v>',
      'support the park &amp; the <00:01.500>plan.',
      '',
      '00:00:03.000 --> 00:00:04.000',
      'Only 45% answered.',
    ].join('\n')
    assert.equal(subtitleText(vtt, 'vtt'), 'Most residents support the park & the plan.\nOnly 45% answered.')
    assert.equal(
      imported('talk.vtt', utf8(vtt)),
      'Most residents support the park & the plan.\nOnly 45% answered.',
    )
  })
})
