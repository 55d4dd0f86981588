/**
 * Meaning in context: a text typed, pasted or imported; select a word to see `/v1/resolve`'s candidates
 * with their evidence, or illuminate the whole text: every content word and multiword expression marked
 * over the text with the meaning chosen for it, or the abstention.
 */
import { useId, useRef, useState } from 'hono/jsx/dom'
import { messageOf, postJson } from '../lib/api'
import { wordSpan, type Mark } from '../lib/highlight'
import { wordHref } from '../lib/route'
import type { IlluminateResult, Resolution } from '../lib/types'
import { FileImport } from '../components/file-import'
import { MarkedText } from '../components/marked-text'
import { ResolvePanel } from '../components/resolve-panel'
import { Alert } from '../components/controls'

const SAMPLE = 'We sat on the bank of the river and watched the geese. Later she paid the check at the bank.'

type Illuminated = { text: string; items: Resolution[] }

export function ContextView() {
  const id = useId()
  const [text, setText] = useState(SAMPLE)
  const [span, setSpan] = useState<{ start: number; end: number } | null>(null)
  const [selected, setSelected] = useState<{ start: number; end: number } | null>(null)
  const [lit, setLit] = useState<Illuminated | null>(null)
  const [current, setCurrent] = useState<Resolution | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const area = useRef<HTMLTextAreaElement>(null)

  const trackSelection = () => {
    const el = area.current
    if (!el) return
    setSelected(
      el.selectionStart === el.selectionEnd ? null : wordSpan(el.value, el.selectionStart, el.selectionEnd),
    )
  }
  const illuminate = async () => {
    setError('')
    if (text.trim() === '') return setError('Type or import a text first.')
    if (text.length > 12_000) {
      return setError(
        `The text has ${text.length.toLocaleString('en-US')} characters; the limit is 12,000 characters.`,
      )
    }
    setBusy(true)
    try {
      const answer = await postJson<IlluminateResult>('/v1/illuminate', {
        passage: text,
        select: { mode: 'content-words' },
      })
      setLit({ text, items: answer.items })
      setCurrent(null)
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  const marks: Mark[] = (lit?.items ?? []).map((item, i) => ({
    start: item.target.span.start,
    end: item.target.span.end,
    id: String(i),
    kind: item.decision.status === 'chosen' ? 'chosen' : 'abstained',
  }))
  const selectedWord = selected ? text.slice(selected.start, selected.end) : ''
  return (
    <section aria-labelledby="context-title">
      <h1 id="context-title">Meaning in context</h1>
      <label for={`${id}-text`}>
        Text <span class="muted">(at most 12,000 characters; select a word in it)</span>
      </label>
      <textarea
        id={`${id}-text`}
        ref={area}
        rows={6}
        value={text}
        onInput={(e: Event) => {
          setText((e.target as HTMLTextAreaElement).value)
          setLit(null)
        }}
        onSelect={trackSelection}
        onKeyUp={trackSelection}
        onMouseUp={trackSelection}
      />
      <FileImport
        label="Import a text from a file"
        onText={(t) => {
          setText(t)
          setLit(null)
        }}
      />
      <div class="actions">
        <button type="button" disabled={!selected} onClick={() => selected && setSpan(selected)}>
          {selected ? `Meanings of “${selectedWord}”` : 'Select a word to see its meanings'}
        </button>
        <button type="button" class="primary" disabled={busy} onClick={() => void illuminate()}>
          {busy ? 'Illuminating…' : 'Illuminate the whole text'}
        </button>
      </div>
      <Alert message={error} />
      {span && <ResolvePanel text={text} span={span} onClose={() => setSpan(null)} />}
      {lit && (
        <section class="result" aria-labelledby="lit-title">
          <h2 id="lit-title">Illuminated ({lit.items.length} expressions)</h2>
          <p class="legend">
            <span class="hl hl-chosen">meaning chosen</span>{' '}
            <span class="hl hl-abstained">no meaning chosen</span>
          </p>
          <MarkedText
            id="illuminated"
            class="review-text"
            text={lit.text}
            marks={marks}
            onPick={(mark) => setCurrent(lit.items[Number(mark.id)] ?? null)}
            describe={(mark) => (mark.kind === 'chosen' ? 'meaning chosen' : 'no meaning chosen')}
          />
          {current && (
            <div class="panel" aria-live="polite">
              <p>
                <strong>{current.target.text}</strong>:{' '}
                {current.decision.status === 'chosen' ? (
                  <>
                    <a href={wordHref(current.decision.word, current.decision.meaning)}>
                      {current.decision.word}
                    </a>{' '}
                    — {current.decision.definition}
                  </>
                ) : (
                  current.decision.explanation
                )}
              </p>
            </div>
          )}
        </section>
      )}
    </section>
  )
}
