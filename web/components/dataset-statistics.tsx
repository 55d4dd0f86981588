/**
 * A dataset's statistics in plain words above its records: how many records, and for each field a person
 * can filter by, how many records have it, its most frequent values as bars, and over numbers their range
 * and a small histogram. The bars are meters hidden from screen readers: their numbers are written beside them, and the page's
 * security policy allows no inline styles to draw them otherwise.
 */
import type { DatasetStatistics } from '../lib/types'

type Field = DatasetStatistics['fields'][number]

const count = (n: number) => n.toLocaleString('en-US')
const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(whole, 1))}%`

function Bars(props: { rows: { label: string; count: number }[]; label: string }) {
  const most = Math.max(1, ...props.rows.map((r) => r.count))
  return (
    <ul class="bars" aria-label={props.label}>
      {props.rows.map((r) => (
        <li>
          <span class="bar-label">{r.label}</span>
          <meter class="bar" aria-hidden="true" min={0} max={most} value={r.count} />
          <span class="bar-count">{count(r.count)}</span>
        </li>
      ))}
    </ul>
  )
}

function FieldSummary(props: { name: string; field: Field; records: number }) {
  const f = props.field
  const n = f.numbers
  return (
    <li class="stat">
      <h4>{props.name}</h4>
      <p>
        {count(f.records)} of {count(props.records)} records have it ({percent(f.records, props.records)}),{' '}
        {count(f.distinct)} different {f.distinct === 1 ? 'value' : 'values'}.
      </p>
      {n ? (
        <>
          <p>
            From {count(n.min)} to {count(n.max)}, on average {n.mean.toFixed(1)}.
          </p>
          <Bars
            label={`How the values of ${props.name} spread`}
            rows={n.histogram.map((b) => ({ label: `${count(b.from)} to ${count(b.to)}`, count: b.count }))}
          />
        </>
      ) : (
        <Bars
          label={`Most frequent values of ${props.name}`}
          rows={f.top.slice(0, 5).map((t) => ({ label: String(t.value), count: t.count }))}
        />
      )}
    </li>
  )
}

/** `filters` maps each filter name to its field (`responses.category`); statistics write `responses[].category`. */
export function DatasetStatisticsSummary(props: {
  statistics: DatasetStatistics
  filters: Record<string, string>
}) {
  const byPath = new Map(props.statistics.fields.map((f) => [f.path.replace(/\[\]/g, ''), f]))
  const shown = Object.entries(props.filters).flatMap(([name, path]) => {
    const field = byPath.get(path)
    return field ? [{ name, field }] : []
  })
  return (
    <details class="statistics" open>
      <summary>
        Statistics: {count(props.statistics.records)} records, {props.statistics.fields.length} fields
      </summary>
      <ul class="stats">
        {shown.map((s) => (
          <FieldSummary name={s.name} field={s.field} records={props.statistics.records} />
        ))}
      </ul>
    </details>
  )
}
