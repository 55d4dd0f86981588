/**
 * Real audio files of every type transcription accepts, made by ffmpeg (a Debian package `npm install`
 * installs) from speech synthesized by its flite source, so tests upload what a client would.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { requireTool } from './tools'

export type AudioFile = { bytes: Uint8Array; name: string; type: string }
export type AudioFormat = { name: string; file: string; type: string; args: string[] }

export const AUDIO_FORMATS: readonly AudioFormat[] = [
  {
    name: 'MP3',
    file: 'speech.mp3',
    type: 'audio/mpeg',
    args: ['-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3'],
  },
  { name: 'MP4', file: 'speech.mp4', type: 'audio/mp4', args: ['-c:a', 'aac', '-b:a', '32k', '-f', 'mp4'] },
  {
    name: 'M4A',
    file: 'speech.m4a',
    type: 'audio/x-m4a',
    args: ['-c:a', 'aac', '-b:a', '32k', '-f', 'ipod'],
  },
  { name: 'WAV', file: 'speech.wav', type: 'audio/wav', args: ['-f', 'wav'] },
  {
    name: 'WebM',
    file: 'speech.webm',
    type: 'audio/webm',
    args: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm'],
  },
  {
    name: 'MPEG',
    file: 'speech.mpeg',
    type: 'video/mpeg',
    args: ['-c:a', 'mp2', '-b:a', '64k', '-f', 'mpeg'],
  },
  {
    name: 'MPGA',
    file: 'speech.mpga',
    type: 'audio/mpeg',
    // No ID3 tag and no Xing frame: the file begins with a bare MPEG audio frame header.
    args: ['-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', '-id3v2_version', '0', '-write_xing', '0'],
  },
  { name: 'OGG', file: 'speech.ogg', type: 'audio/ogg', args: ['-c:a', 'libvorbis', '-f', 'ogg'] },
  { name: 'FLAC', file: 'speech.flac', type: 'audio/flac', args: ['-f', 'flac'] },
]

const run = promisify(execFile)
const QUIET = ['-hide_banner', '-loglevel', 'error', '-y']

/** `spoken` as speech, in each of `formats`, by format name. */
export async function speechAudio(
  spoken: string,
  formats: readonly AudioFormat[] = AUDIO_FORMATS,
): Promise<Map<string, AudioFile>> {
  requireTool('ffmpeg')
  const dir = await mkdtemp(join(tmpdir(), 'speech-audio-'))
  const source = join(dir, 'source.wav')
  await run('ffmpeg', [
    ...QUIET,
    '-f',
    'lavfi',
    '-i',
    `flite=text='${spoken}'`,
    '-ar',
    '16000',
    '-ac',
    '1',
    source,
  ])
  const files = new Map<string, AudioFile>()
  for (const format of formats) {
    const out = join(dir, format.file)
    await run('ffmpeg', [...QUIET, '-i', source, ...format.args, out])
    files.set(format.name, {
      bytes: new Uint8Array(await readFile(out)),
      name: format.file,
      type: format.type,
    })
  }
  return files
}

/** A PCM WAV file of `bytes` bytes, 16 kHz mono 16-bit silence: a real header, for size bounds and load. */
export function silentWav(bytes: number): Uint8Array {
  const out = new Uint8Array(bytes)
  const view = new DataView(out.buffer)
  const ascii = (at: number, s: string) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)))
  ascii(0, 'RIFF')
  view.setUint32(4, bytes - 8, true)
  ascii(8, 'WAVEfmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, 16_000, true)
  view.setUint32(28, 32_000, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  ascii(36, 'data')
  view.setUint32(40, bytes - 44, true)
  return out
}
