/**
 * Audio to text: pick or drop one file of an accepted type up to 19 MiB (checked here, before anything is
 * sent), consent to sending it to the AI provider, then an editable transcript with the reminder that it
 * must be reviewed, which can be put into the review's text.
 */
import { useId, useState } from 'hono/jsx/dom'
import { messageOf, request } from '../lib/api'
import { AUDIO_ACCEPT, audioProblem } from '../lib/limits'
import type { Transcript } from '../lib/types'
import { Alert, Checkbox, DropZone } from './controls'

export function AudioPanel(props: { keyValue: string; onReview: (text: string) => void }) {
  const id = useId()
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState('')
  const [consent, setConsent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Transcript | null>(null)
  const [draft, setDraft] = useState('')
  const keyValue = props.keyValue

  const choose = (picked: File | undefined) => {
    setResult(null)
    if (!picked) return
    const found = audioProblem(picked)
    setProblem(found ?? '')
    setFile(found ? null : picked)
  }
  const transcribe = async () => {
    if (!file) return setProblem('Choose an audio file first.')
    if (!keyValue) return setProblem('Transcription needs your key (with the argument-review entitlement).')
    if (!consent) return setProblem('Transcription needs your consent to send the audio to the AI provider.')
    setProblem('')
    setBusy(true)
    try {
      const form = new FormData()
      form.append('file', file, file.name)
      const answer = await request<Transcript>('/api/argument/transcribe', {
        method: 'POST',
        headers: { Authorization: `Bearer ${keyValue}`, 'X-Service-Consent': 'send-to-provider' },
        body: form,
      })
      setResult(answer)
      setDraft(answer.transcript)
    } catch (err) {
      setProblem(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <details class="card audio" open={result !== null || file !== null || problem !== ''}>
      <summary>Transcribe audio (sent to the AI provider, with your consent)</summary>
      <DropZone onFile={choose}>
        <label for={`${id}-file`}>
          Audio file{' '}
          <span class="muted">
            (MP3, MP4, M4A, WAV, WebM, MPEG, MPGA, OGG or FLAC, at most 19 MiB; or drop it here)
          </span>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={AUDIO_ACCEPT}
          onChange={(e: Event) => choose((e.target as HTMLInputElement).files?.[0])}
        />
      </DropZone>
      {file && (
        <p class="ok" role="status">
          Ready: “{file.name}”, {(file.size / 1024).toFixed(0)} KiB.
        </p>
      )}
      <Checkbox checked={consent} onChange={setConsent}>
        I agree to send this audio file to the service’s AI provider for transcription.
      </Checkbox>
      <button type="button" disabled={busy} onClick={() => void transcribe()}>
        {busy ? 'Transcribing…' : 'Transcribe'}
      </button>
      <Alert message={problem} />
      {result && (
        <div class="transcript">
          <p class="note" role="status">
            This transcript must be reviewed by you before use: correct it here. Speech only; visual content
            is not assessed.
          </p>
          <ul class="muted">
            {result.limits.map((l) => (
              <li>{l}</li>
            ))}
          </ul>
          <label for={`${id}-transcript`}>Transcript (editable)</label>
          <textarea
            id={`${id}-transcript`}
            rows={5}
            value={draft}
            onInput={(e: Event) => setDraft((e.target as HTMLTextAreaElement).value)}
          />
          <button type="button" onClick={() => props.onReview(draft)}>
            Use this transcript as the text to review
          </button>
        </div>
      )}
    </details>
  )
}
