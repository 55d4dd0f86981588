/**
 * Speech transcription: the recognised audio goes to the provider's audio-transcriptions endpoint in one
 * call, under a neutral file name (the uploaded name is not sent), and the transcript comes back as an
 * editable text within the bounds of a review `text`, so that, once the user has read and corrected it, it
 * can be reviewed. An empty transcript, or one past those bounds, is refused (422), never truncated.
 */
import { z } from '@hono/zod-openapi'
import { ARGUMENT_LIMITS } from '../limits'
import { countSentences } from '../../text/sentences'
import type { RecognisedAudio } from './audio'
import { failed, type Outcome } from './failures'
import { callProvider } from './provider'
import type { Transcript } from './schemas'
import type { ProviderSettings } from './setup'

export const TRANSCRIPT_BOUNDS = {
  maxCharacters: ARGUMENT_LIMITS.text.maxCharacters,
  maxSentences: ARGUMENT_LIMITS.text.maxSentences,
} as const

export const TRANSCRIPT_LIMITS = [
  'Speech only: the transcript holds the words spoken in the audio, nothing else.',
  'Visual content is not assessed: the picture of a video file is ignored.',
  'The transcript is machine-made and can be wrong: it must be reviewed and corrected by the user before use.',
  `It is refused (422), never shortened, when it is empty or longer than a review text (${TRANSCRIPT_BOUNDS.maxCharacters.toLocaleString('en-US')} characters, ${TRANSCRIPT_BOUNDS.maxSentences} sentences).`,
  'The audio was sent to the AI provider and is not kept or logged by the service.',
] as const

const TranscriptionAnswerSchema = z.object({ text: z.string() })

export type TranscriptionRequest = {
  provider: ProviderSettings
  model: string
  audio: RecognisedAudio
  /** The uploaded file, sent as it is: a slice of it shares its bytes, where a copy would hold 20 MiB more. */
  file: Blob
}

export async function transcribe(request: TranscriptionRequest): Promise<Outcome<Transcript>> {
  const form = new FormData()
  form.append('model', request.model)
  form.append('response_format', 'json')
  form.append(
    'file',
    request.file.slice(0, request.file.size, request.audio.mediaType),
    `audio.${request.audio.extension}`,
  )
  const answer = await callProvider(request.provider, { path: '/audio/transcriptions', body: form })
  if (!answer.ok) return answer
  let json: unknown
  try {
    json = JSON.parse(answer.value)
  } catch {
    return failed(
      'answer',
      'model_answer_malformed',
      'answer-format',
      'The AI provider did not answer with JSON.',
    )
  }
  const parsed = TranscriptionAnswerSchema.safeParse(json)
  if (!parsed.success) {
    return failed(
      'answer',
      'model_answer_malformed',
      'answer-format',
      'The AI provider did not answer with a transcription (a JSON object with a text).',
    )
  }
  const transcript = parsed.data.text.trim()
  if (transcript === '') {
    return failed(
      'transcript',
      'transcript_empty',
      'transcript-not-empty',
      'The transcript is empty: no speech was recognised.',
    )
  }
  const sentences = countSentences(transcript)
  if (transcript.length > TRANSCRIPT_BOUNDS.maxCharacters || sentences > TRANSCRIPT_BOUNDS.maxSentences) {
    return failed(
      'transcript',
      'transcript_too_long',
      'transcript-within-review-bounds',
      `The transcript has ${transcript.length.toLocaleString('en-US')} characters and ${sentences} sentences; a review text holds at most ${TRANSCRIPT_BOUNDS.maxCharacters.toLocaleString('en-US')} characters and ${TRANSCRIPT_BOUNDS.maxSentences} sentences. Nothing is shortened: send a shorter recording.`,
    )
  }
  return {
    ok: true,
    value: {
      method: 'speech-transcription',
      transcript,
      editable: true,
      reviewRequired: true,
      characters: transcript.length,
      sentences,
      model: request.model,
      file: { type: request.audio.name, bytes: request.file.size },
      limits: [...TRANSCRIPT_LIMITS],
    },
  }
}
