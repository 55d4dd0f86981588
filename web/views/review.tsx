/**
 * Review an argument: the text and up to four sources (each typed, pasted or imported), optional context
 * and reply; the local review shown sentence by sentence beside the closest source sentences, each with a
 * second opinion; and, when the service says it is configured, cloud review (its claims drawn over the text,
 * coloured by judgement) and audio transcription with the user's key and explicit consent.
 */
import { useEffect, useId, useRef, useState } from 'hono/jsx/dom'
import { getJson, messageOf, postJson } from '../lib/api'
import { reviewProblems } from '../lib/limits'
import { cloudNotes, JUDGMENT_LABELS, JUDGMENT_SHORT, marksOf, type SideNote } from '../lib/review-marks'
import { requestQueue } from '../lib/request-queue'
import { DIFFERENCE_LABELS, sentenceViews } from '../lib/sentence-view'
import { selectionIn } from '../lib/selection'
import { wordSpan } from '../lib/highlight'
import type { Capabilities, CloudReview, LocalReview, ReviewInput, ReviewSource } from '../lib/types'
import { FileImport } from '../components/file-import'
import { MarkedText } from '../components/marked-text'
import { ResolvePanel } from '../components/resolve-panel'
import { fieldOf, SentenceCard } from '../components/sentence-card'
import { SecondOpinionKey } from '../components/second-opinion'
import { AudioPanel } from '../components/audio-panel'
import { KeyField, useArgumentKey } from '../components/key-field'
import { Alert, Checkbox } from '../components/controls'

const MAX_SOURCES = 4
/** Second opinions asked for at once: the rest wait their turn, and only cards near the screen ask. */
const SECOND_OPINIONS_AT_ONCE = 2

/** One answered review; `serial` tells results apart so a new one starts without the old one's open note. */
type Submitted = { serial: number; input: ReviewInput; local?: LocalReview; cloud?: CloudReview }

function SourceEditor(props: {
  index: number
  source: ReviewSource
  onChange: (s: ReviewSource) => void
  onRemove: () => void
}) {
  const id = useId()
  const s = props.source
  return (
    <fieldset class="source">
      <legend>Source {props.index + 1}</legend>
      <div class="row">
        <div>
          <label for={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            value={s.label}
            onInput={(e: Event) => props.onChange({ ...s, label: (e.target as HTMLInputElement).value })}
          />
        </div>
        <div>
          <label for={`${id}-url`}>
            URL <span class="muted">(optional, metadata only, never fetched)</span>
          </label>
          <input
            id={`${id}-url`}
            type="url"
            value={s.url ?? ''}
            onInput={(e: Event) => props.onChange({ ...s, url: (e.target as HTMLInputElement).value })}
          />
        </div>
      </div>
      <label for={`${id}-text`}>Source text</label>
      <textarea
        id={`${id}-text`}
        rows={5}
        value={s.text}
        onInput={(e: Event) => props.onChange({ ...s, text: (e.target as HTMLTextAreaElement).value })}
      />
      <FileImport
        label={`Import source ${props.index + 1} from a file`}
        onText={(text, name) => props.onChange({ ...s, text, label: s.label || name })}
      />
      <button type="button" class="small" onClick={props.onRemove}>
        Remove source {props.index + 1}
      </button>
    </fieldset>
  )
}

/**
 * The notices a person reads: the service's own, less the one about how passages are counted, with
 * judgement codes named as the page names them and setting names left out.
 */
function plainNotices(notices: string[]): string[] {
  return notices
    .filter((n) => !/UTF-16|code units/.test(n))
    .map((n) =>
      n
        .replace(/`([a-z-]+)`/g, (code, word: string) =>
          word in JUDGMENT_SHORT ? `“${JUDGMENT_SHORT[word as keyof typeof JUDGMENT_SHORT]}”` : code,
        )
        .replace(/ \(store: false\)/, ''),
    )
}

function NoteDetail(props: { note: SideNote; input: ReviewInput }) {
  const n = props.note
  return (
    <div class="note-detail">
      <p>{n.body}</p>
      {n.sources.length === 0 ? (
        <p class="muted">No source passage goes with this claim.</p>
      ) : (
        n.sources.map((p) => {
          const field = fieldOf(props.input, p)
          return (
            <figure class="source-passage">
              <figcaption>Source passage in “{field.label}”</figcaption>
              <blockquote>{field.text.slice(p.start, p.end)}</blockquote>
            </figure>
          )
        })
      )}
    </div>
  )
}

/** The local review, sentence by sentence; second opinions are asked for two at a time. */
function LocalResult(props: { input: ReviewInput; local: LocalReview }) {
  const views = sentenceViews(props.local, props.input.text)
  const [queue] = useState(() => requestQueue(SECOND_OPINIONS_AT_ONCE))
  useEffect(() => () => queue.cancel(), [])
  const count = views.reduce((sum, v) => sum + v.differences.length, 0)
  const kinds = [...new Set(views.flatMap((v) => v.differences.map((d) => d.kind)))]
  return (
    <section class="result" aria-labelledby="result-title">
      <h2 id="result-title" tabindex={-1}>
        Text checks, sentence by sentence{' '}
        <span class="muted">
          ({count} {count === 1 ? 'difference' : 'differences'} in {views.length}{' '}
          {views.length === 1 ? 'sentence' : 'sentences'})
        </span>
      </h2>
      <ul class="notices">
        {plainNotices(props.local.notices).map((n) => (
          <li>{n}</li>
        ))}
      </ul>
      {kinds.length > 0 && (
        <p class="legend">
          <span class="muted">Marked in both sentences:</span>{' '}
          {kinds.map((k) => (
            <span class={`hl hl-${k}`}>{DIFFERENCE_LABELS[k]}</span>
          ))}
        </p>
      )}
      <p class="hint">
        Focus or click a mark to find its note; select a word of your sentence to see its meanings.
      </p>
      <SecondOpinionKey />
      <ol class="sentences" id="review-sentences">
        {views.map((v) => (
          <SentenceCard view={v} input={props.input} queue={queue} total={views.length} />
        ))}
      </ol>
    </section>
  )
}

/** The cloud review: its claims marked over the text, coloured and named by their judgement. */
function CloudResult(props: { input: ReviewInput; cloud: CloudReview }) {
  const { input, cloud } = props
  const notes = cloudNotes(cloud)
  const [current, setCurrent] = useState<string | null>(null)
  const [span, setSpan] = useState<{ start: number; end: number } | null>(null)
  const textRef = useRef<HTMLDivElement>(null)
  const checkSelection = () => {
    const container = textRef.current
    if (!container) return
    const found = selectionIn(container)
    const word = found && wordSpan(input.text, found.start, found.end)
    if (word) setSpan(word)
  }
  const pick = (id: string, how: 'focus' | 'click') => {
    setCurrent(id)
    if (how === 'click') document.getElementById(`side-${id}`)?.scrollIntoView({ block: 'nearest' })
  }
  const judgments = [...new Set(notes.map((n) => n.judgment))]
  return (
    <section class="result" aria-labelledby="result-title">
      <h2 id="result-title" tabindex={-1}>
        Model-assisted review{' '}
        <span class="muted">
          ({notes.length} {notes.length === 1 ? 'claim' : 'claims'})
        </span>
      </h2>
      <ul class="notices">
        {plainNotices(cloud.notices).map((n) => (
          <li>{n}</li>
        ))}
      </ul>
      {judgments.length > 0 && (
        <p class="legend">
          <span class="muted">Claims, by judgement:</span>{' '}
          {judgments.map((j) => (
            <span class={`hl hl-claim-${j}`}>{JUDGMENT_SHORT[j]}</span>
          ))}
        </p>
      )}
      <div class="review-layout">
        <div ref={textRef} onMouseUp={checkSelection} onKeyUp={checkSelection}>
          <MarkedText
            id="review-text"
            class="review-text"
            text={input.text}
            marks={marksOf(notes)}
            onPick={(mark, how) => pick(mark.id, how)}
          />
          <p class="hint">Focus or click a claim to open its note; select a word to see its meanings here.</p>
          {span && <ResolvePanel text={input.text} span={span} onClose={() => setSpan(null)} />}
        </div>
        <aside class="side-notes" aria-label="Side notes">
          <h3>Side notes</h3>
          <ol>
            {notes.map((n) => (
              <li class={`side-note judgment-${n.judgment}`} id={`side-${n.id}`}>
                <button
                  type="button"
                  class="link"
                  aria-expanded={current === n.id ? 'true' : 'false'}
                  onClick={() => setCurrent(current === n.id ? null : n.id)}
                >
                  <span class={`hl hl-claim-${n.judgment}`}>{JUDGMENT_SHORT[n.judgment]}</span> {n.title}
                </button>
                {current === n.id && <NoteDetail note={n} input={input} />}
              </li>
            ))}
          </ol>
        </aside>
      </div>
      <section aria-labelledby="claims-title">
        <h3 id="claims-title">Claims and citations</h3>
        <p>{cloud.overview}</p>
        <ol class="claims">
          {cloud.claims.map((c) => (
            <li class={`claim judgment-${c.judgment}`}>
              <p>
                <strong class={`badge hl-claim-${c.judgment}`}>{JUDGMENT_LABELS[c.judgment]}</strong> “
                {c.quote}” — {c.claim}
              </p>
              <p>{c.explanation}</p>
              <ul>
                {c.citations.map((x) => (
                  <li>
                    {x.label}: “{x.quote}”
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
        {cloud.termReadings.length > 0 && (
          <ul>
            {cloud.termReadings.map((t) => (
              <li>
                {t.term}: {t.definition ?? 'no reading chosen'} — {t.explanation}
              </li>
            ))}
          </ul>
        )}
        <p class="muted">Model: {cloud.model}</p>
      </section>
    </section>
  )
}

function ReviewResult(props: { submitted: Submitted }) {
  const { input, local, cloud } = props.submitted
  if (local) return <LocalResult input={input} local={local} />
  return cloud ? <CloudResult input={input} cloud={cloud} /> : null
}

export function ReviewView() {
  const id = useId()
  const [text, setText] = useState('')
  const [context, setContext] = useState('')
  const [reply, setReply] = useState('')
  const [sources, setSources] = useState<ReviewSource[]>([{ id: 's1', label: '', text: '' }])
  const [problems, setProblems] = useState<string[]>([])
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [submitted, setSubmitted] = useState<Submitted | null>(null)
  const [capabilities, setCapabilities] = useState<Capabilities | null>(null)
  const [consent, setConsent] = useState(false)
  const key = useArgumentKey()
  const nextSource = useRef(2)

  useEffect(() => {
    getJson<Capabilities>('/api/argument')
      .then(setCapabilities)
      .catch((err) => setError(messageOf(err)))
  }, [])
  const cloudConfigured = capabilities?.modes.find((m) => m.mode === 'cloud')?.configured === true
  const transcriptionConfigured = capabilities?.transcription.configured === true

  const input = (): ReviewInput => ({
    text,
    ...(context && { context }),
    ...(reply && { reply }),
    sources: sources
      .filter((s) => s.text !== '' || s.label !== '')
      .map((s) => ({ id: s.id, label: s.label, text: s.text, ...(s.url && { url: s.url }) })),
  })

  const run = async (mode: 'local' | 'cloud') => {
    setError('')
    const body: ReviewInput = { ...input(), ...(mode === 'cloud' && { mode: 'cloud', consent }) }
    const found = reviewProblems(body)
    if (mode === 'cloud' && !key.value)
      found.push('Cloud review needs your key (with the argument-review entitlement).')
    if (mode === 'cloud' && !consent)
      found.push('Cloud review needs your consent to send the texts to the AI provider.')
    setProblems(found)
    if (found.length > 0) return
    setBusy(true)
    try {
      if (mode === 'local') {
        const local = await postJson<LocalReview>('/api/argument/review', body)
        setSubmitted({ serial: Date.now(), input: body, local })
      } else {
        const cloud = await postJson<CloudReview>('/api/argument/review', body, {
          Authorization: `Bearer ${key.value}`,
        })
        setSubmitted({ serial: Date.now(), input: body, cloud })
      }
      requestAnimationFrame(() => document.getElementById('result-title')?.focus())
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="review-title">
      <h1 id="review-title">Review an argument</h1>
      <p class="muted">
        The local review is a vocabulary comparison between your text and your sources: not entailment, not
        fact-checking. Nothing is stored by the service.
      </p>
      {(cloudConfigured || transcriptionConfigured) && (
        <fieldset class="card">
          <legend>Your key for the cloud features</legend>
          <KeyField state={key} />
        </fieldset>
      )}
      {transcriptionConfigured && (
        <AudioPanel keyValue={key.value} onReview={(transcript) => setText(transcript)} />
      )}
      <form
        class="review-form"
        onSubmit={(e: Event) => {
          e.preventDefault()
          void run('local')
        }}
      >
        <label for={`${id}-text`}>
          Text <span class="muted">(1 to 12,000 characters, at most 100 sentences)</span>
        </label>
        <textarea
          id={`${id}-text`}
          rows={8}
          value={text}
          onInput={(e: Event) => setText((e.target as HTMLTextAreaElement).value)}
        />
        <p class="counter muted">{text.length.toLocaleString('en-US')} characters</p>
        <FileImport label="Import the text from a file" onText={(t) => setText(t)} />
        <h2>Sources</h2>
        {sources.map((s, i) => (
          <SourceEditor
            index={i}
            source={s}
            onChange={(next) => setSources(sources.map((x, j) => (j === i ? next : x)))}
            onRemove={() => setSources(sources.filter((_, j) => j !== i))}
          />
        ))}
        <button
          type="button"
          disabled={sources.length >= MAX_SOURCES}
          onClick={() => setSources([...sources, { id: `s${nextSource.current++}`, label: '', text: '' }])}
        >
          Add a source {sources.length >= MAX_SOURCES ? '(at most 4)' : ''}
        </button>
        <details class="optional">
          <summary>Context and reply (optional)</summary>
          <label for={`${id}-context`}>
            Context <span class="muted">(at most 2,000 characters)</span>
          </label>
          <textarea
            id={`${id}-context`}
            rows={3}
            value={context}
            onInput={(e: Event) => setContext((e.target as HTMLTextAreaElement).value)}
          />
          <label for={`${id}-reply`}>
            Reply <span class="muted">(at most 12,000 characters)</span>
          </label>
          <textarea
            id={`${id}-reply`}
            rows={4}
            value={reply}
            onInput={(e: Event) => setReply((e.target as HTMLTextAreaElement).value)}
          />
        </details>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Reviewing…' : 'Run the local review'}
          </button>
        </div>
        {cloudConfigured && (
          <fieldset class="cloud">
            <legend>Cloud review (model-assisted)</legend>
            <Checkbox checked={consent} onChange={setConsent}>
              I agree to send the text, context, reply and sources (with their labels and URLs), at most 8
              dictionary terms with their candidate meanings, and relevant editorial notes to the service’s AI
              provider.
            </Checkbox>
            <button type="button" disabled={busy} onClick={() => void run('cloud')}>
              Run the cloud review
            </button>
          </fieldset>
        )}
        {capabilities && !cloudConfigured && (
          <p class="muted">
            Cloud review is not configured on this service; the local review needs nothing more.
          </p>
        )}
      </form>
      {problems.length > 0 && (
        <div class="error" role="alert">
          <p>Nothing was sent:</p>
          <ul>
            {problems.map((p) => (
              <li>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <Alert message={error} />
      {submitted && <ReviewResult submitted={submitted} key={submitted.serial} />}
    </section>
  )
}
