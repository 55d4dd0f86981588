/** A button that copies a value (a meaning ID) to the clipboard and says so, or says how to copy by hand. */
import { useState } from 'hono/jsx/dom'

export function CopyButton(props: { text: string; label: string }) {
  const [done, setDone] = useState('')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text)
      setDone('Copied')
    } catch {
      setDone('Select the ID and copy it')
    }
    setTimeout(() => setDone(''), 2500)
  }
  return (
    <>
      <button type="button" class="small" aria-label={props.label} onClick={copy}>
        Copy
      </button>
      <span role="status" class="copied">
        {done}
      </span>
    </>
  )
}
