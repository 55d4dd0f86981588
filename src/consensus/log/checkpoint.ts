/**
 * Checkpoints after C2SP tlog-checkpoint: the note text `origin\nsize\nbase64(root)\n`, signed as a
 * signed note by the log's key (whose name is the origin).
 */
import { fromBase64, toBase64 } from '../../text/base64'
import { HASH_BYTES } from './merkle'

export type Checkpoint = { origin: string; treeSize: number; rootHash: Uint8Array }

export function checkpointText(checkpoint: Checkpoint): string {
  return `${checkpoint.origin}\n${checkpoint.treeSize}\n${toBase64(checkpoint.rootHash)}\n`
}

/** Reads the body of a checkpoint (the note text, without signatures); extension lines are allowed. */
export function parseCheckpoint(text: string): Checkpoint | { problem: string } {
  const lines = text.split('\n')
  if (lines.length < 4 || lines[lines.length - 1] !== '') {
    return {
      problem: 'A checkpoint has an origin, a tree size and a root hash line, each ending in a newline.',
    }
  }
  const [origin, size, root] = lines as [string, string, string]
  if (origin.length === 0) return { problem: 'The origin line is empty.' }
  if (!/^(0|[1-9][0-9]{0,15})$/.test(size) || !Number.isSafeInteger(Number(size))) {
    return { problem: `The tree size line is not a decimal size: ${JSON.stringify(size)}.` }
  }
  const rootHash = fromBase64(root)
  if (!rootHash || rootHash.byteLength !== HASH_BYTES) {
    return { problem: 'The root hash line is not a base64 SHA-256 hash.' }
  }
  if (lines.slice(3, -1).some((line) => line.length === 0)) {
    return { problem: 'A checkpoint extension line is empty.' }
  }
  return { origin, treeSize: Number(size), rootHash }
}
