/**
 * One public dataset explored: its statistics, a search and its filters, pages of records (as a list or as
 * a table of the fields the reader picks) with previous, next and a jump to a page. Everything shown is in
 * the address. Any page, next, previous or jumped to, is one request for the page that starts at its first
 * record's position, however far into a release of any size. All pages come from the version the first one
 * came from: when the release changes (the service answers 409), the page restarts from the manifest at
 * page 1 and says so; releases are never mixed.
 */
import { useEffect, useRef, useState } from 'hono/jsx/dom'
import { getJson, messageOf, ServiceError } from '../lib/api'
import { wordHref } from '../lib/route'
import { datasetHref, pageUrl, valueAt, type DatasetAddress } from '../lib/dataset-address'
import { MarkedText } from '../components/marked-text'
import { Alert } from '../components/controls'
import { DatasetStatisticsSummary } from '../components/dataset-statistics'
import type { DatasetManifest, DatasetPage, DatasetStatistics } from '../lib/types'

const PAGE_SIZE = 100
const count = (n: number) => n.toLocaleString('en-US')

function RecordItem(props: { record: Record<string, unknown>; number: number }) {
  const r = props.record
  const excerpt = typeof r.excerpt === 'string' ? r.excerpt : null
  const cue = r.cue as { word?: string } | undefined
  const target = r.target as { word?: string; span?: { start: number; end: number } } | undefined
  return (
    <li class="record">
      <p>
        <span class="record-number">Record {count(props.number)}</span> <code>{String(r.id)}</code>
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
        <summary>Full record {count(props.number)}</summary>
        {/* Focusable so a keyboard can scroll it; named so a screen reader says which record it holds. */}
        <pre tabindex={0} role="region" aria-label={`Full record ${count(props.number)}`}>
          {JSON.stringify(r, null, 2)}
        </pre>
      </details>
    </li>
  )
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return value.map(cell).join(', ')
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

function RecordTable(props: { records: Record<string, unknown>[]; fields: string[]; first: number }) {
  return (
    <div class="table-scroll" tabindex={0} role="region" aria-label="Records as a table">
      <table class="record-table">
        <thead>
          <tr>
            <th scope="col">Record</th>
            {props.fields.map((f) => (
              <th scope="col">{f}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.records.map((r, i) => (
            <tr>
              <th scope="row">{count(props.first + i)}</th>
              {props.fields.map((f) => (
                <td>{cell(valueAt(r, f))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function SearchForm(props: {
  address: DatasetAddress
  filters: Record<string, string>
  statistics: DatasetStatistics | null
}) {
  const a = props.address
  const byPath = new Map((props.statistics?.fields ?? []).map((f) => [f.path.replace(/\[\]/g, ''), f]))
  const chosen = (name: string) =>
    a.filters.find((f) => f.startsWith(`${name}:`))?.slice(name.length + 1) ?? ''
  const submit = (e: Event) => {
    e.preventDefault()
    const data = new FormData(e.target as HTMLFormElement)
    const filters = Object.keys(props.filters).flatMap((name) => {
      const value = String(data.get(`filter-${name}`) ?? '').trim()
      return value ? [`${name}:${value}`] : []
    })
    location.hash = datasetHref({ ...a, q: String(data.get('q') ?? '').trim(), filters, page: 1 })
  }
  return (
    <form class="dataset-search" role="search" aria-label={`Search ${a.dataset}`} onSubmit={submit}>
      <p>
        <label for="dataset-q">Words to find</label>
        <input id="dataset-q" name="q" type="search" value={a.q} maxlength={200} />
      </p>
      <fieldset class="filters">
        <legend>Only records where</legend>
        {Object.keys(props.filters).map((name) => {
          const field = byPath.get(props.filters[name] ?? '')
          const values = field?.top ?? []
          const everyValue = field !== undefined && field.distinct <= values.length
          return (
            <p>
              <label for={`filter-${name}`}>{name} is</label>
              {everyValue ? (
                <select id={`filter-${name}`} name={`filter-${name}`}>
                  <option value="" selected={chosen(name) === ''}>
                    any
                  </option>
                  {values.map((v) => (
                    <option value={String(v.value)} selected={chosen(name) === String(v.value)}>
                      {String(v.value)} ({count(v.count)})
                    </option>
                  ))}
                </select>
              ) : (
                <>
                  <input
                    id={`filter-${name}`}
                    name={`filter-${name}`}
                    list={`filter-${name}-values`}
                    value={chosen(name)}
                    maxlength={280}
                  />
                  <datalist id={`filter-${name}-values`}>
                    {values.map((v) => (
                      <option value={String(v.value)} />
                    ))}
                  </datalist>
                </>
              )}
            </p>
          )
        })}
      </fieldset>
      <p class="actions">
        <button type="submit" class="primary">
          Search
        </button>
        {(a.q || a.filters.length > 0) && (
          <a class="button" href={datasetHref({ ...a, q: '', filters: [], page: 1 })}>
            Show every record
          </a>
        )}
      </p>
    </form>
  )
}

function FieldChooser(props: { address: DatasetAddress; statistics: DatasetStatistics }) {
  const a = props.address
  const paths = [...new Set(props.statistics.fields.map((f) => f.path.replace(/\[\]/g, '')))].filter(
    (p) => !p.startsWith('releaseSource'),
  )
  const toggle = (path: string, on: boolean) => {
    const fields = on
      ? paths.filter((p) => p === path || a.fields.includes(p))
      : a.fields.filter((f) => f !== path)
    location.hash = datasetHref({ ...a, fields })
  }
  return (
    <details class="field-chooser" open={a.fields.length > 0}>
      <summary>Show as a table{a.fields.length > 0 ? ` (${a.fields.length} fields)` : ''}</summary>
      <fieldset>
        <legend>Fields to show as columns</legend>
        <ul class="field-list">
          {paths.map((p) => (
            <li>
              <input
                id={`field-${p}`}
                type="checkbox"
                checked={a.fields.includes(p)}
                onChange={(e: Event) => toggle(p, (e.target as HTMLInputElement).checked)}
              />
              <label for={`field-${p}`}>{p}</label>
            </li>
          ))}
        </ul>
      </fieldset>
      {a.fields.length > 0 && (
        <a class="button" href={datasetHref({ ...a, fields: [] })}>
          Back to the list
        </a>
      )}
    </details>
  )
}

function PageNav(props: {
  address: DatasetAddress
  page: number
  pages: number
  busy: boolean
  where: 'top' | 'bottom'
}) {
  const go = (page: number) => {
    location.hash = datasetHref({ ...props.address, page })
  }
  const jump = (e: Event) => {
    e.preventDefault()
    const value = Number(new FormData(e.target as HTMLFormElement).get('page'))
    if (Number.isSafeInteger(value)) go(Math.min(Math.max(1, value), props.pages))
  }
  return (
    <nav class="page-nav" aria-label={`Pages (${props.where})`}>
      <button type="button" onClick={() => go(props.page - 1)} disabled={props.busy || props.page <= 1}>
        Previous page
      </button>
      <button
        type="button"
        class="primary"
        onClick={() => go(props.page + 1)}
        disabled={props.busy || props.page >= props.pages}
      >
        {props.page >= props.pages ? 'No more pages' : 'Next page'}
      </button>
      {props.where === 'top' && props.pages > 1 && (
        <form class="jump" onSubmit={jump}>
          <label for="jump-page">Go to page</label>
          <input id="jump-page" name="page" type="number" min={1} max={props.pages} value={props.page} />
          <button type="submit" disabled={props.busy}>
            Go
          </button>
        </form>
      )}
    </nav>
  )
}

/** What a refused search means, in words (the service's own message names its parameters). */
function plainMessage(err: unknown): string {
  const code = err instanceof ServiceError ? err.body?.code : undefined
  if (code === 'invalid_query')
    return 'The search needs at least one word that is not a common word like "the".'
  if (code === 'invalid_filter' || code === 'unknown_filter')
    return 'One of the filters is not one this dataset has.'
  return messageOf(err)
}

export function DatasetExplorer(props: { address: DatasetAddress }) {
  const a = props.address
  const queryKey = JSON.stringify([a.dataset, a.q, a.filters])
  const [version, setVersion] = useState<string | null>(null)
  const [statistics, setStatistics] = useState<DatasetStatistics | null>(null)
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [page, setPage] = useState<DatasetPage | null>(null)
  const [pageNumber, setPageNumber] = useState(0)
  // Whether the page shown answers a search: the address changes before its page arrives.
  const [asked, setAsked] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  // The query whose manifest, filters and statistics are loaded.
  const loaded = useRef('')
  const latest = useRef(0)

  const pageAt = (number: number, release: string) =>
    getJson<DatasetPage>(pageUrl(a, release, (number - 1) * PAGE_SIZE))

  const visit = async (target: number, release: string, ticket: number) => {
    let landed = target
    let answer: DatasetPage
    try {
      answer = await pageAt(target, release)
    } catch (err) {
      if (!(err instanceof ServiceError && err.body?.code === 'page_out_of_range')) throw err
      // A page past the last one (an old link, fewer matches): the last page, counted from the first.
      const first = await pageAt(1, release)
      landed = Math.max(1, Math.ceil(first.total / PAGE_SIZE))
      answer = landed === 1 ? first : await pageAt(landed, release)
    }
    if (ticket !== latest.current) return
    setPage(answer)
    setPageNumber(landed)
    setAsked(a.q !== '' || a.filters.length > 0)
    // The address says where it landed.
    if (landed !== target) history.replaceState(null, '', datasetHref({ ...a, page: landed }))
  }

  const load = async (restarted: boolean) => {
    const ticket = ++latest.current
    setBusy(true)
    setError('')
    try {
      let release = version
      if (loaded.current !== queryKey || !release) {
        // Revalidated, not taken from the browser's cache: after a 409 the cached manifest names the old release.
        const manifest = await getJson<DatasetManifest>(`/api/datasets/${a.dataset}`, { cache: 'no-cache' })
        release = manifest.version
        setFilters(manifest.indexes.search.filters)
        loaded.current = queryKey
        setVersion(release)
        if (!restarted) setNotice('')
        getJson<DatasetStatistics>(`/api/datasets/${a.dataset}/statistics?version=${release}`)
          .then(setStatistics)
          .catch(() => setStatistics(null))
      }
      const moved = page !== null
      await visit(restarted ? 1 : a.page, release, ticket)
      if (moved && !restarted) requestAnimationFrame(() => document.getElementById('page-title')?.focus())
    } catch (err) {
      if (ticket !== latest.current) return
      if (err instanceof ServiceError && err.status === 409) {
        setNotice(
          `The dataset changed while you were reading (${err.message}) Restarted from the current release at page 1; records of the two releases are not mixed.`,
        )
        loaded.current = ''
        setVersion(null)
        history.replaceState(null, '', datasetHref({ ...a, page: 1 }))
        latest.current++
        void load(true)
        return
      }
      setError(plainMessage(err))
    } finally {
      if (ticket === latest.current) setBusy(false)
    }
  }

  useEffect(() => {
    void load(false)
  }, [queryKey, a.page])

  const pages = page ? Math.max(1, Math.ceil(page.total / PAGE_SIZE)) : 1
  const first = (pageNumber - 1) * PAGE_SIZE + 1
  const last = page ? first + page.count - 1 : 0
  return (
    <section aria-labelledby="pager-title">
      <h2 id="pager-title">Records of {a.dataset}</h2>
      {statistics && <DatasetStatisticsSummary statistics={statistics} filters={filters} />}
      <SearchForm address={a} filters={filters} statistics={statistics} />
      {statistics && <FieldChooser address={a} statistics={statistics} />}
      {notice && (
        <p class="note" role="alert">
          {notice}
        </p>
      )}
      <Alert message={error} />
      {page && version && (
        <>
          <p id="page-title" tabindex={-1} role="status">
            Page {pageNumber} of {count(pages)} ·{' '}
            {page.count === 0
              ? 'no record matches'
              : `records ${first} to ${last} of ${page.total}${asked ? ' that match' : ''}`}{' '}
            · version <code>{version.slice(0, 12)}</code>
            {page.nextCursor === null &&
              page.count > 0 &&
              (asked ? ' · last match' : ' · end of the release')}
          </p>
          <PageNav address={a} page={pageNumber} pages={pages} busy={busy} where="top" />
          {a.fields.length > 0 ? (
            <RecordTable records={page.records} fields={a.fields} first={first} />
          ) : (
            <ol class="records" start={first}>
              {page.records.map((r, i) => (
                <RecordItem record={r} number={first + i} />
              ))}
            </ol>
          )}
          {page.count > 0 && (
            <PageNav address={a} page={pageNumber} pages={pages} busy={busy} where="bottom" />
          )}
        </>
      )}
      {!page && !error && <p aria-busy="true">Loading the first page…</p>}
    </section>
  )
}
