/**
 * Authored usage: scenes and contrasts by channel, a scene with its three versions, highlighted words
 * linking to their meanings; the `editorial-preview` status and the provenance always on screen.
 */
import { useEffect, useState } from 'hono/jsx/dom'
import { getJson, messageOf } from '../lib/api'
import type { Mark } from '../lib/highlight'
import { wordHref, type Route } from '../lib/route'
import type {
  UsageContrast,
  UsageContrastList,
  UsageHighlight,
  UsageSceneList,
  UsageSceneResult,
  UsageSource,
} from '../lib/types'
import { MarkedText } from '../components/marked-text'
import { Alert } from '../components/controls'

const CHANNELS = ['all', 'caption', 'message', 'claim', 'community'] as const

function marksOf(highlights: UsageHighlight[]): Mark[] {
  return highlights.map((h, i) => ({
    start: h.start,
    end: h.end,
    id: `${i}:${h.meanings[0]?.id ?? h.word}`,
    kind: 'word',
  }))
}

function highlightHref(highlights: UsageHighlight[]) {
  return (mark: Mark) => {
    const h = highlights[Number(mark.id.split(':')[0])]
    return h ? wordHref(h.word, h.meanings[0]?.id) : undefined
  }
}

function Provenance(props: { status: string; source: UsageSource; release: string }) {
  return (
    <aside class="provenance" aria-label="Status and provenance">
      <p>
        <strong class="badge">Status: {props.status}</strong> {props.source.review.note}
      </p>
      <p class="muted">
        {props.source.attribution} <a href={props.source.license.url}>{props.source.license.name}</a>. Release{' '}
        <code>{props.release.slice(0, 12)}</code>, written {props.source.written}.
      </p>
    </aside>
  )
}

function Glossary(props: { highlights: UsageHighlight[] }) {
  if (props.highlights.length === 0) return null
  return (
    <ul class="glossary">
      {props.highlights.map((h) => (
        <li>
          <a href={wordHref(h.word, h.meanings[0]?.id)}>{h.text}</a>:{' '}
          {h.meanings.map((m) => m.definition).join('; ')}
        </li>
      ))}
    </ul>
  )
}

function SceneView(props: { id: string }) {
  const [data, setData] = useState<UsageSceneResult | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    getJson<UsageSceneResult>(`/api/usage/scenes/${encodeURIComponent(props.id)}`)
      .then(setData)
      .catch((err) => setError(messageOf(err)))
  }, [props.id])
  if (error) return <Alert message={error} />
  if (!data) return <p aria-busy="true">Loading the scene…</p>
  const s = data.scene
  return (
    <article aria-labelledby="scene-title">
      <p>
        <a href="#/usage">← All scenes and contrasts</a>
      </p>
      <h1 id="scene-title">{s.title}</h1>
      <Provenance status={data.status} source={data.source} release={data.release} />
      <p>
        <span class="badge channel">{s.channel}</span> {s.situation}
      </p>
      <div class="versions">
        {s.versions.map((v) => (
          <section class="card" aria-label={`Version: ${v.label}`}>
            <h2>{v.label}</h2>
            <blockquote>
              <MarkedText
                text={v.text}
                marks={marksOf(v.highlights)}
                href={highlightHref(v.highlights)}
                describe={() => 'highlighted word'}
              />
            </blockquote>
            <p>{v.note}</p>
            <Glossary highlights={v.highlights} />
          </section>
        ))}
      </div>
      <p class="takeaway">
        <strong>Takeaway:</strong> {s.takeaway}
      </p>
      {s.relatedContrasts.length > 0 && (
        <p class="muted">Related contrasts: {s.relatedContrasts.join(', ')}</p>
      )}
    </article>
  )
}

function ContrastCard(props: { c: UsageContrast }) {
  const c = props.c
  return (
    <details class="card contrast" id={`contrast-${c.id}`}>
      <summary>
        <span class="badge channel">{c.channel}</span> <strong>{c.title}</strong> — {c.summary}
      </summary>
      <ul>
        {c.terms.map((t) => (
          <li>
            <a href={wordHref(t.word, t.meanings[0]?.id)}>{t.word}</a>: {t.gist}
          </li>
        ))}
      </ul>
      <p>{c.difference}</p>
      {c.examples.map((ex) => (
        <figure>
          <blockquote>
            <MarkedText
              text={ex.text}
              marks={marksOf(ex.highlights)}
              href={highlightHref(ex.highlights)}
              describe={() => 'highlighted word'}
            />
          </blockquote>
          <figcaption>{ex.note}</figcaption>
        </figure>
      ))}
      <p class="takeaway">
        <strong>Takeaway:</strong> {c.takeaway}
      </p>
    </details>
  )
}

function UsageLists(props: { channel: string }) {
  const [scenes, setScenes] = useState<UsageSceneList | null>(null)
  const [contrasts, setContrasts] = useState<UsageContrastList | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    const q = props.channel === 'all' ? '' : `?channel=${props.channel}`
    setError('')
    Promise.all([
      getJson<UsageSceneList>(`/api/usage/scenes${q}`),
      getJson<UsageContrastList>(`/api/usage/contrasts${q}`),
    ])
      .then(([s, c]) => {
        setScenes(s)
        setContrasts(c)
      })
      .catch((err) => setError(messageOf(err)))
  }, [props.channel])
  if (error) return <Alert message={error} />
  if (!scenes || !contrasts) return <p aria-busy="true">Loading usage…</p>
  return (
    <>
      <Provenance status={scenes.status} source={scenes.source} release={scenes.release} />
      <div class="columns">
        <section aria-labelledby="scenes-title">
          <h2 id="scenes-title">Scenes ({scenes.count})</h2>
          <ul class="cards">
            {scenes.records.map((s) => (
              <li class="card">
                <a href={`#/usage/scene/${s.id}`}>{s.title}</a> <span class="badge channel">{s.channel}</span>
                <p class="muted">{s.situation}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="contrasts-title">
          <h2 id="contrasts-title">Contrasts ({contrasts.count})</h2>
          {contrasts.records.map((c) => (
            <ContrastCard c={c} />
          ))}
        </section>
      </div>
    </>
  )
}

export function UsageView(props: { route: Route }) {
  if (props.route.parts[0] === 'scene' && props.route.parts[1]) return <SceneView id={props.route.parts[1]} />
  const channel = props.route.query.get('channel') ?? 'all'
  return (
    <section aria-labelledby="usage-title">
      <h1 id="usage-title">Usage</h1>
      <nav aria-label="Channels" class="tabs">
        {CHANNELS.map((ch) => (
          <a
            href={ch === 'all' ? '#/usage' : `#/usage?channel=${ch}`}
            aria-current={ch === channel ? 'page' : undefined}
          >
            {ch === 'all' ? 'All channels' : ch}
          </a>
        ))}
      </nav>
      <UsageLists channel={channel} />
    </section>
  )
}
