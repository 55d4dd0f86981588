/** A meaning's register (offensive, vulgar slang, old-fashioned, …) as a small label, what it rests on on hover. */
import { registerPhrase, registerSource } from '../lib/plain-names'

export function RegisterLabel(props: { register?: readonly string[] }) {
  const register = props.register ?? []
  if (register.length === 0) return null
  const strong = register.includes('offensive') || register.includes('vulgar')
  // The space before the label is its own: a word with no label is followed by its comma at once.
  return (
    <>
      {' '}
      <span class={strong ? 'register strong' : 'register'} title={registerSource(register)}>
        {registerPhrase(register)}
      </span>
    </>
  )
}
