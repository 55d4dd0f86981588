/**
 * Recognising an uploaded audio file (spec 4.4, transcription rule 1) by its declared type and by its
 * leading bytes, which must agree: a text file renamed `speech.mp3` declares MP3 but does not begin like
 * one. The declared type is the part's media type, or its file name's extension when the media type is
 * missing or `application/octet-stream`.
 */
import { TRANSCRIPTION_LIMITS } from '../limits'

/** The containers the leading bytes can show. */
export type AudioContainer = 'mpeg-audio' | 'mpeg-program' | 'mp4' | 'wav' | 'webm' | 'ogg' | 'flac'

type FileTypeName = (typeof TRANSCRIPTION_LIMITS.fileTypes)[number]['name']

/** Which containers each accepted type may hold: an `.mpeg` file is MPEG audio or an MPEG program stream. */
const CONTAINERS: Record<FileTypeName, readonly AudioContainer[]> = {
  MP3: ['mpeg-audio'],
  MP4: ['mp4'],
  M4A: ['mp4'],
  WAV: ['wav'],
  WebM: ['webm'],
  MPEG: ['mpeg-audio', 'mpeg-program'],
  MPGA: ['mpeg-audio'],
  OGG: ['ogg'],
  FLAC: ['flac'],
}

export const AUDIO_RECOGNITION_RULE =
  'The declared type is the file part\'s media type, or its file name\'s extension when the media type is missing or application/octet-stream; it must be one of the accepted types. The leading bytes must then show a container that type holds: MP3 and MPGA an ID3 tag or an MPEG audio frame header, MPEG those or an MPEG program stream pack header, MP4 and M4A an "ftyp" box, WAV "RIFF…WAVE", WebM an EBML header of doctype "webm", OGG "OggS", FLAC "fLaC" (also after an ID3 tag). Anything else answers 415.'

export type RecognisedAudio = { name: FileTypeName; extension: string; mediaType: string }

export type Recognition = { ok: true; audio: RecognisedAudio } | { ok: false; reason: string }

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false
  return true
}

/** An MPEG-1/2/2.5 audio frame header: sync, a valid version, layer, bitrate and sample rate. */
function isMpegFrame(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1] ?? 0
  const b2 = bytes[at + 2] ?? 0
  return (
    bytes[at] === 0xff &&
    (b1 & 0xe0) === 0xe0 &&
    ((b1 >> 3) & 3) !== 1 &&
    ((b1 >> 1) & 3) !== 0 &&
    b2 >> 4 !== 0x0f &&
    ((b2 >> 2) & 3) !== 3
  )
}

/** Where the audio begins after a leading ID3 tag (a 10-byte header, the size four 7-bit bytes), or null. */
function afterId3Tag(bytes: Uint8Array): number | null {
  if (!ascii(bytes, 0, 'ID3') || bytes.length < 10) return null
  return 10 + (((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0))
}

/** The container the leading bytes show, or null. */
export function sniffContainer(bytes: Uint8Array): AudioContainer | null {
  const after = afterId3Tag(bytes)
  if (after !== null) {
    // FLAC files sometimes carry an ID3 tag too.
    if (ascii(bytes, after, 'fLaC')) return 'flac'
    return 'mpeg-audio'
  }
  if (isMpegFrame(bytes, 0)) return 'mpeg-audio'
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0xba) return 'mpeg-program'
  if (ascii(bytes, 4, 'ftyp')) return 'mp4'
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'wav'
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64))
    return head.includes('webm') ? 'webm' : null
  }
  if (ascii(bytes, 0, 'OggS')) return 'ogg'
  if (ascii(bytes, 0, 'fLaC')) return 'flac'
  return null
}

/** Bytes of a file's head sniffContainer looks at, unless an ID3 tag comes first. */
const HEAD_BYTES = 64

/**
 * The leading bytes sniffContainer needs: the first 64, or through the 4 bytes after an ID3 tag. The file
 * (up to 20 MiB) is never copied whole: an isolate holds it once already, as the parsed upload.
 */
export async function leadingBytes(file: Blob): Promise<Uint8Array> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())
  const after = afterId3Tag(head)
  if (after === null) return head
  return new Uint8Array(await file.slice(0, Math.max(HEAD_BYTES, after + 4)).arrayBuffer())
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase()
}

function declaredTypes(
  mediaType: string,
  extension: string,
): (typeof TRANSCRIPTION_LIMITS.fileTypes)[number][] {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (type !== '' && type !== 'application/octet-stream') {
    return TRANSCRIPTION_LIMITS.fileTypes.filter((t) => (t.mediaTypes as readonly string[]).includes(type))
  }
  return TRANSCRIPTION_LIMITS.fileTypes.filter((t) => (t.extensions as readonly string[]).includes(extension))
}

export function recogniseAudio(bytes: Uint8Array, mediaType: string, fileName: string): Recognition {
  const extension = extensionOf(fileName)
  const declared = declaredTypes(mediaType, extension)
  const accepted = TRANSCRIPTION_LIMITS.fileTypes.map((t) => t.name).join(', ')
  if (declared.length === 0) {
    return {
      ok: false,
      reason: `The file's declared type is not one of the accepted audio types (${accepted}).`,
    }
  }
  const container = sniffContainer(bytes)
  if (container === null) {
    return { ok: false, reason: `The file does not begin like any accepted audio type (${accepted}).` }
  }
  const holding = declared.filter((t) => CONTAINERS[t.name].includes(container))
  const chosen = holding.find((t) => (t.extensions as readonly string[]).includes(extension)) ?? holding[0]
  if (!chosen) {
    return {
      ok: false,
      reason: `The file is declared as ${declared.map((t) => t.name).join(' or ')} but does not begin like one.`,
    }
  }
  return {
    ok: true,
    audio: { name: chosen.name, extension: chosen.extensions[0], mediaType: chosen.mediaTypes[0] },
  }
}
