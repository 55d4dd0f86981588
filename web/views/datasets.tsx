/**
 * Datasets: the catalogue with each dataset's source terms and downloads, and above it the chosen public
 * dataset explored (statistics, search, filters, pages, a table; see dataset-explorer.tsx).
 */
import { useEffect, useState } from 'hono/jsx/dom'
import { getJson, messageOf } from '../lib/api'
import type { Route } from '../lib/route'
import { readDatasetAddress } from '../lib/dataset-address'
import type { Catalogue } from '../lib/types'
import { DatasetExplorer } from './dataset-explorer'
import { Alert } from '../components/controls'
import { DatasetVerify } from '../components/dataset-verify'

type Entry = Catalogue['datasets'][number]

function Terms(props: { entry: Entry }) {
  const t = props.entry.sourceTerms
  if (!t) return <p class="muted">No source terms: {props.entry.unavailableReason ?? 'not available'}.</p>
  return (
    <div class="terms">
      <p>{t.summary}</p>
      <p>
        <strong>License:</strong> {t.license}
      </p>
      <p>
        <strong>Attribution:</strong> {t.attribution}
      </p>
      <details>
        <summary>Sources and limitations</summary>
        <ul>
          {t.sources.map((s) => (
            <li>
              {s.name} — {s.license}
            </li>
          ))}
        </ul>
        {t.limitations && (
          <ul>
            {t.limitations.map((l) => (
              <li>{l}</li>
            ))}
          </ul>
        )}
      </details>
    </div>
  )
}

export function DatasetsView(props: { route: Route }) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    getJson<Catalogue>('/api/datasets')
      .then(setCatalogue)
      .catch((err) => setError(messageOf(err)))
  }, [])
  const chosen = props.route.parts[0]
  const entry = catalogue?.datasets.find((d) => d.dataset === chosen)
  return (
    <section aria-labelledby="datasets-title">
      <h1 id="datasets-title">Datasets</h1>
      <Alert message={error} />
      {!catalogue && !error && <p aria-busy="true">Loading the catalogue…</p>}
      {entry && entry.available && !entry.access.key && (
        <DatasetExplorer key={entry.dataset} address={readDatasetAddress(entry.dataset, props.route.query)} />
      )}
      {entry && (!entry.available || entry.access.key) && (
        <p class="note">
          {entry.available
            ? `${entry.dataset} is private: it is read with a key that has the ${entry.access.scope ?? 'right'} scope, through the API; this page does not ask for keys.`
            : `${entry.dataset} is unavailable: ${entry.unavailableReason ?? 'no release'}.`}
        </p>
      )}
      {entry && <h2>Catalogue</h2>}
      {catalogue && (
        <ul class="cards">
          {catalogue.datasets.map((d) => (
            <li class="card">
              <h2>{d.sourceTerms?.title ?? d.dataset}</h2>
              <p>
                <code>{d.dataset}</code> · {d.visibility}
                {d.access.key ? ` · needs a key with the ${d.access.scope} scope` : ' · no key needed'}
                {d.recordCount !== null && ` · ${d.recordCount.toLocaleString('en-US')} records`}
                {d.status && ` · ${d.status}`}
              </p>
              <Terms entry={d} />
              {d.available && !d.access.key && <DatasetVerify dataset={d.dataset} />}
              {d.available && !d.access.key ? (
                <p class="actions">
                  <a class="button" href={`#/datasets/${d.dataset}`}>
                    Page through {d.dataset}
                  </a>
                  <a class="button" href={d.routes.download} download>
                    Download {d.dataset} (JSONL)
                  </a>
                  <a class="button" href={`${d.routes.manifest}/parquet`} download>
                    Download {d.dataset} (Parquet)
                  </a>
                </p>
              ) : (
                <p class="muted">
                  {d.available
                    ? 'Private: read it with a scoped key through the API.'
                    : `Unavailable: ${d.unavailableReason}`}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
