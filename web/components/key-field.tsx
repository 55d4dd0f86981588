/**
 * The user's key for cloud review and transcription: held in memory for the page's life, and written to
 * this device's storage only while "remember on this device" is ticked (unticking erases it).
 */
import { useId, useState } from 'hono/jsx/dom'
import { Checkbox } from './controls'

const STORAGE_NAME = 'lexicon-service.argument-key'

export type KeyState = {
  value: string
  remember: boolean
  set: (value: string) => void
  setRemember: (remember: boolean) => void
}

function stored(): string {
  try {
    return localStorage.getItem(STORAGE_NAME) ?? ''
  } catch {
    return ''
  }
}

function store(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(STORAGE_NAME)
    else localStorage.setItem(STORAGE_NAME, value)
  } catch {
    // Storage refused (private mode): the key stays in memory only.
  }
}

export function useArgumentKey(): KeyState {
  const [value, setValue] = useState(stored)
  const [remember, setRememberState] = useState(() => stored() !== '')
  return {
    value,
    remember,
    set: (next) => {
      setValue(next)
      if (remember) store(next)
    },
    setRemember: (next) => {
      setRememberState(next)
      store(next ? value : null)
    },
  }
}

export function KeyField(props: { state: KeyState }) {
  const id = useId()
  const s = props.state
  return (
    <div class="key-field">
      <label for={`${id}-key`}>Your key (with the argument-review entitlement)</label>
      <input
        id={`${id}-key`}
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={s.value}
        onInput={(e: Event) => s.set((e.target as HTMLInputElement).value.trim())}
      />
      <Checkbox checked={s.remember} onChange={s.setRemember}>
        Remember on this device (otherwise the key is forgotten when the page closes)
      </Checkbox>
    </div>
  )
}
