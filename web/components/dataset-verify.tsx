/**
 * Beside a public dataset's download links: the release version, each file's SHA-256 and the one-line
 * command that recomputes the version from the download, in plain words. Read from the release manifest.
 */
import { useEffect, useState } from 'hono/jsx/dom'
import { VERIFY_COMMAND } from '../../src/datasets/verify'
import { getJson } from '../lib/api'
import type { DatasetManifest } from '../lib/types'
import { CopyButton } from './copy-button'

export function DatasetVerify(props: { dataset: string }) {
  const [manifest, setManifest] = useState<DatasetManifest | null>(null)
  useEffect(() => {
    getJson<DatasetManifest>(`/api/datasets/${props.dataset}`)
      .then(setManifest)
      .catch(() => setManifest(null))
  }, [props.dataset])
  if (!manifest) return null
  const file = (role: string) => manifest.files.find((f) => f.role === role)
  return (
    <details class="verify">
      <summary>Check your copy</summary>
      <p>
        Version <code class="hash">{manifest.version}</code>
      </p>
      <p>
        Fingerprint (SHA-256) of the JSON Lines file: <code class="hash">{file('records')?.sha256}</code>
        {file('parquet') && (
          <>
            {' '}
            and of the Parquet file: <code class="hash">{file('parquet')?.sha256}</code>
          </>
        )}
      </p>
      <p>
        Save the JSON Lines file as records.jsonl and the{' '}
        <a href={`/api/datasets/${props.dataset}`} download="manifest.json">
          release description
        </a>{' '}
        as manifest.json in one folder. There, this command (jq and sha256sum) prints the version when your
        copy is exactly this release:
      </p>
      <pre>{VERIFY_COMMAND}</pre>
      <CopyButton text={VERIFY_COMMAND} label="Copy the command" />
    </details>
  )
}
