/**
 * Local text import (spec 4.4, transcription rule 5): TXT, MD, SRT and VTT files read in the browser, never
 * sent to the service. UTF-8 with or without a byte-order mark; line breaks made `\n`, as a textarea holds
 * them, so offsets the service returns match what the page shows. A file over the limit is refused whole,
 * never cut. Markdown keeps its words and drops its markup; subtitles keep cue text, one cue a line.
 */
import { TRANSCRIPTION_LIMITS } from '../../src/argument/limits'

export const TEXT_IMPORT_MAX_BYTES: number = TRANSCRIPTION_LIMITS.clientTextImport.maxBytes

export type ImportKind = 'txt' | 'md' | 'srt' | 'vtt'

export type ImportResult =
  { ok: true; kind: ImportKind; text: string; bytes: number } | { ok: false; message: string }

const KINDS: Record<string, ImportKind> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  srt: 'srt',
  vtt: 'vtt',
}

/** The accept list for `<input type=file>`. */
export const TEXT_IMPORT_ACCEPT = '.txt,.text,.md,.markdown,.srt,.vtt,text/plain,text/markdown,text/vtt'

export function importKindOf(fileName: string): ImportKind | undefined {
  const dot = fileName.lastIndexOf('.')
  return dot < 0 ? undefined : KINDS[fileName.slice(dot + 1).toLowerCase()]
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}

/** Reads a file's bytes as text of its kind, or says why not. */
export function importText(fileName: string, bytes: Uint8Array): ImportResult {
  const kind = importKindOf(fileName)
  if (!kind) {
    return {
      ok: false,
      message: `"${fileName}" is not a TXT, MD, SRT or VTT file; text import reads only those.`,
    }
  }
  if (bytes.byteLength > TEXT_IMPORT_MAX_BYTES) {
    return {
      ok: false,
      message: `"${fileName}" is ${formatCount(bytes.byteLength)} bytes; text import takes at most 100 KB (${formatCount(TEXT_IMPORT_MAX_BYTES)} bytes). Nothing was imported: shorten or split the file.`,
    }
  }
  let decoded: string
  try {
    // The decoder drops a leading byte-order mark itself.
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return {
      ok: false,
      message: `"${fileName}" is not valid UTF-8 text; save it as UTF-8 and import it again.`,
    }
  }
  const text = normalizeLineBreaks(decoded)
  const converted =
    kind === 'md' ? markdownToText(text) : kind === 'srt' || kind === 'vtt' ? subtitleText(text, kind) : text
  return { ok: true, kind, text: converted, bytes: bytes.byteLength }
}

/** CRLF and lone CR become LF. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

const HTML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return HTML_ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Inline Markdown markup dropped from one line of prose: links keep their text, images their alt text. */
function inlineMarkdown(line: string): string {
  // Escaped punctuation is set aside first (as private-use characters) so no rule below reads it as markup.
  return line
    .replace(/\\([\\`*_{}[\]()#+\-.!>|~])/g, (_, c: string) => String.fromCharCode(ESCAPED + c.charCodeAt(0)))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/(`+)(.+?)\1/g, '$2')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(\*|_)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/[\ue000-\ue07f]/g, (c) => String.fromCharCode(c.charCodeAt(0) - ESCAPED))
}

const ESCAPED = 0xe000

/** Markdown rendered to plain text: headings, emphasis, links, lists, quotes, tables and fences lose their markup. */
export function markdownToText(markdown: string): string {
  const out: string[] = []
  let fence: string | null = null
  let lines = markdown.split('\n')
  if (lines[0] === '---') {
    const end = lines.indexOf('---', 1)
    if (end > 0) lines = lines.slice(end + 1)
  }
  for (const raw of lines) {
    const fenceMark = /^\s*(```+|~~~+)/.exec(raw)
    if (fence) {
      if (fenceMark && fenceMark[1]?.[0] === fence[0] && (fenceMark[1]?.length ?? 0) >= fence.length)
        fence = null
      else out.push(raw)
      continue
    }
    if (fenceMark) {
      fence = fenceMark[1] ?? '```'
      continue
    }
    if (/^\s*\[[^\]]+\]:\s*\S+/.test(raw)) continue
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(raw) || /^\s*=+\s*$/.test(raw)) continue
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(raw)) continue
    let line = raw
      .replace(/^\s{0,3}(>\s?)+/, '')
      .replace(/^\s{0,3}#{1,6}\s+/, '')
      .replace(/\s+#+\s*$/, '')
      .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '')
    if (/^\s*\|.*\|\s*$/.test(line)) {
      line = line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim())
        .join('  ')
    }
    out.push(decodeEntities(inlineMarkdown(line)))
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

const TIMING = /^\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->\s*(?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3}/

/** Cue markup dropped: voice and class tags, inline timestamps, SRT font tags and ASS position codes. */
function cueLine(line: string): string {
  return decodeEntities(
    line
      .replace(/<\d{1,2}:\d{2}(?::\d{2})?[.,]\d{1,3}>/g, '')
      .replace(/<\/?[^>]*>/g, '')
      .replace(/\{\\[^}]*\}/g, ''),
  ).trim()
}

/**
 * SRT or WebVTT reduced to its cue text: numbering, timings, settings, the WEBVTT header, NOTE, STYLE and
 * REGION blocks are dropped; the lines of one cue are joined by a space and each cue ends with a line break.
 */
export function subtitleText(text: string, kind: 'srt' | 'vtt'): string {
  const blocks = text.split(/\n[ \t]*\n/)
  const cues: string[] = []
  blocks.forEach((block, index) => {
    const lines = block.split('\n').filter((line) => line.trim() !== '')
    if (lines.length === 0) return
    if (kind === 'vtt') {
      if (index === 0 && /^WEBVTT\b/.test(lines[0] as string)) return
      if (/^(NOTE|STYLE|REGION)\b/.test(lines[0] as string)) return
    }
    const timing = lines.findIndex((line) => TIMING.test(line))
    if (timing < 0) return
    const cue = lines
      .slice(timing + 1)
      .map(cueLine)
      .filter((line) => line !== '')
      .join(' ')
    if (cue !== '') cues.push(cue)
  })
  return cues.join('\n')
}
