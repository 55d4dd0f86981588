/**
 * The observation log's signer from its configured secret (LOG_SIGNING_KEY): a note private key
 * (PRIVATE+KEY+name+hash+data) or a base64 32-byte seed, for the origin LOG_ORIGIN. Shared by the Node
 * entry and the Workers entry; neither error message repeats the secret.
 */
import { createNoteSigner, parseSignerKey, type NoteSigner } from './note'

export async function signerFrom(text: string, origin: string, where: string): Promise<NoteSigner> {
  const parsed = parseSignerKey(text)
  if (!parsed)
    throw new Error(
      `${where} is not a note private key (PRIVATE+KEY+name+hash+data) or a base64 32-byte seed`,
    )
  if (parsed.name !== null && parsed.name !== origin) {
    throw new Error(`${where} is the key of ${parsed.name}, but LOG_ORIGIN is ${origin}`)
  }
  return createNoteSigner(origin, parsed.seed)
}
