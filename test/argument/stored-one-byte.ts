/** Whether V8 stores a string one byte per character: its serializer tags such strings '"', others 'c'. */
import { serialize } from 'node:v8'

export function storedOneByte(text: string): boolean {
  const bytes = serialize(text)
  let at = 2
  while (bytes[at] === 0) at++
  return bytes[at] === 0x22
}
