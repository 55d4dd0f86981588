/**
 * Import a text file into a field, locally: a labelled file picker and a drop zone, read by
 * lib/text-import in this browser (the service never sees the file); refusals are announced.
 */
import { useId, useState } from 'hono/jsx/dom'
import { DropZone } from './controls'
import { importText, TEXT_IMPORT_ACCEPT } from '../lib/text-import'

export function FileImport(props: { label: string; onText: (text: string, fileName: string) => void }) {
  const id = useId()
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null)
  const read = async (file: File | undefined) => {
    if (!file) return
    const result = importText(file.name, new Uint8Array(await file.arrayBuffer()))
    if (!result.ok) {
      setMessage({ error: true, text: result.message })
      return
    }
    props.onText(result.text, file.name)
    setMessage({
      error: false,
      text: `Imported “${file.name}” (${result.kind.toUpperCase()}, ${result.text.length.toLocaleString('en-US')} characters).`,
    })
  }
  return (
    <DropZone onFile={(file) => void read(file)}>
      <label for={id} class="file-label">
        {props.label} <span class="muted">(TXT, MD, SRT or VTT, at most 100 KB; or drop a file here)</span>
      </label>
      <input
        id={id}
        type="file"
        accept={TEXT_IMPORT_ACCEPT}
        onChange={(e: Event) => {
          const input = e.target as HTMLInputElement
          void read(input.files?.[0]).finally(() => (input.value = ''))
        }}
      />
      {message && (
        <p class={message.error ? 'error' : 'ok'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </DropZone>
  )
}
