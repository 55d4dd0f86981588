/** Small controls every view shares: an announced error, a labelled checkbox, a zone that takes a dropped file. */
import type { Child } from 'hono/jsx'
import { useId, useState } from 'hono/jsx/dom'

/** An error announced to screen readers as it appears; nothing when there is no message. */
export function Alert(props: { message: string }) {
  if (!props.message) return null
  return (
    <p class="error" role="alert">
      {props.message}
    </p>
  )
}

export function Checkbox(props: { checked: boolean; onChange: (checked: boolean) => void; children: Child }) {
  const id = useId()
  return (
    <div class="check">
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        onChange={(e: Event) => props.onChange((e.target as HTMLInputElement).checked)}
      />
      <label for={id}>{props.children}</label>
    </div>
  )
}

/** Wraps a file picker so a file can also be dropped on it; the picker stays the keyboard's way in. */
export function DropZone(props: { onFile: (file: File | undefined) => void; children: Child }) {
  const [over, setOver] = useState(false)
  return (
    <div
      class={over ? 'import drop-over' : 'import'}
      onDragOver={(e: DragEvent) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e: DragEvent) => {
        e.preventDefault()
        setOver(false)
        props.onFile(e.dataTransfer?.files[0])
      }}
    >
      {props.children}
    </div>
  )
}
