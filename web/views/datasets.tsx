/**
 * Datasets: the catalogue with each dataset's source terms, and the records of a public dataset page by
 * page with the cursor, pinned to the version the first page came from. A 409 (the release changed, or the
 * cursor is stale) restarts from the manifest, as the contract asks, and says so; releases are never mixed.
 */
import { useEffect, useState } from 'hono/jsx/dom'
import { getJson, messageOf, ServiceError } from '../lib/api'
import { wordHref, type Route } from '../lib/route'
import { MarkedText } from '../components/marked-text'
import type { Catalogue, DatasetManifest, DatasetPage } from '../lib/types'
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

function RecordItem(props: { record: Record<string, unknown> }) {
  const r = props.record
  const excerpt = typeof r.excerpt === 'string' ? r.excerpt : null
  const cue = r.cue as { word?: string } | undefined
  const target = r.target as { word?: string; span?: { start: number; end: number } } | undefined
  return (
    <li class="record">
      <p>
        <code>{String(r.id)}</code>
      </p>
      {excerpt && (
        <blockquote>
          <MarkedText
            text={excerpt}
            marks={target?.span ? [{ ...target.span, id: 'target', kind: 'word' }] : []}
            href={() => (target?.word ? wordHref(target.word) : undefined)}
            describe={() => 'target word'}
          />
        </blockquote>
      )}
      {typeof r.citation === 'string' && <p class="muted">{r.citation}</p>}
      {cue?.word && (
        <p>
          Cue <strong>{cue.word}</strong>:{' '}
          {((r.responses as { word: string; category: string }[] | undefined) ?? [])
            .map((x) => `${x.word} (${x.category})`)
            .join(', ')}
        </p>
      )}
      <details>
        <summary>Full record</summary>
        <pre>{JSON.stringify(r, null, 2)}</pre>
      </details>
    </li>
  )
}

function Pager(props: { entry: Entry }) {
  const name = props.entry.dataset
  const [version, setVersion] = useState<string | null>(null)
  const [page, setPage] = useState<DatasetPage | null>(null)
  const [pageNumber, setPageNumber] = useState(1)
  const [seen, setSeen] = useState(0)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const start = async (message = '') => {
    setBusy(true)
    setError('')
    setNotice(message)
    try {
      // Revalidated, not taken from the browser's cache: after a 409 the cached manifest names the old release.
      const manifest = await getJson<DatasetManifest>(`/api/datasets/${name}`, { cache: 'no-cache' })
      const first = await getJson<DatasetPage>(`/api/datasets/${name}/records?version=${manifest.version}`)
      setVersion(manifest.version)
      setPage(first)
      setPageNumber(1)
      setSeen(first.count)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  useEffect(() => {
    void start()
  }, [name])
  const next = async () => {
    if (!page?.nextCursor || !version) return
    setBusy(true)
    setError('')
    setNotice('')
    try {
      const following = await getJson<DatasetPage>(
        `/api/datasets/${name}/records?version=${version}&cursor=${encodeURIComponent(page.nextCursor)}`,
      )
      setPage(following)
      setPageNumber(pageNumber + 1)
      setSeen(seen + following.count)
      requestAnimationFrame(() => document.getElementById('page-title')?.focus())
    } catch (err) {
      setBusy(false)
      if (err instanceof ServiceError && err.status === 409) {
        await start(
          `The dataset changed while you were reading (${err.message}) Restarted from the current manifest at page 1; records of the two releases are not mixed.`,
        )
        return
      }
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="pager-title">
      <h2 id="pager-title">Records of {name}</h2>
      {notice && (
        <p class="note" role="alert">
          {notice}
        </p>
      )}
      <Alert message={error} />
      {page && version && (
        <>
          <p id="page-title" tabindex={-1} role="status">
            Page {pageNumber} · records {seen - page.count + 1} to {seen} of {page.total} · version{' '}
            <code>{version.slice(0, 12)}</code>
            {page.nextCursor === null && ' · end of the release'}
          </p>
          <div class="actions">
            <button type="button" onClick={() => void start()} disabled={busy || pageNumber === 1}>
              First page
            </button>
            <button
              type="button"
              class="primary"
              onClick={() => void next()}
              disabled={busy || page.nextCursor === null}
            >
              {page.nextCursor === null ? 'No more pages' : 'Next page'}
            </button>
          </div>
          <ol class="records" start={seen - page.count + 1}>
            {page.records.map((r) => (
              <RecordItem record={r} />
            ))}
          </ol>
        </>
      )}
      {!page && !error && <p aria-busy="true">Loading the first page…</p>}
    </section>
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
      {entry && <Pager entry={entry} />}
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
