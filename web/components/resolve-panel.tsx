/**
 * Meaning in context for one selected word: `/v1/resolve`'s candidates for that span of the text, best
 * first, with the evidence behind each score in plain words beside its number, and the decision (a chosen
 * meaning or an abstention).
 */
import { useEffect, useState } from 'hono/jsx/dom'
import { messageOf, postJson } from '../lib/api'
import { wordHref } from '../lib/route'
import type { Resolution, ResolveResult } from '../lib/types'
import { Alert } from './controls'

const FEATURES = [
  'frequency',
  'collocation',
  'topic',
  'learned',
  'similarity',
  'overlap',
  'partOfSpeech',
  'domain',
  'discourse',
] as const

const LABELS: Record<(typeof FEATURES)[number], string> = {
  frequency: 'How common',
  collocation: 'Words it goes with',
  topic: 'Subject',
  learned: 'Seen before',
  similarity: 'Like past uses',
  overlap: 'Dictionary words',
  partOfSpeech: 'Word class',
  domain: 'Kind of meaning',
  discourse: 'Same word elsewhere',
}

/** The candidate's evidence that says something, with its line and its points. */
function reasons(c: Resolution['candidates'][number]) {
  return FEATURES.flatMap((f) => {
    const line = c.evidence[f].explanation
    return line ? [{ f, line, points: c.evidence[f].contribution }] : []
  })
}

export function ResolvePanel(props: {
  text: string
  span: { start: number; end: number }
  onClose: () => void
}) {
  const [answer, setAnswer] = useState<Resolution | null>(null)
  const [error, setError] = useState('')
  const word = props.text.slice(props.span.start, props.span.end)
  useEffect(() => {
    setAnswer(null)
    setError('')
    postJson<ResolveResult>('/v1/resolve', {
      passage: props.text,
      target: { span: props.span },
      maxCandidates: 8,
    })
      .then(setAnswer)
      .catch((err) => setError(messageOf(err)))
  }, [props.text, props.span.start, props.span.end])
  return (
    <section class="panel resolve" aria-labelledby="resolve-title" aria-live="polite">
      <div class="panel-head">
        <h2 id="resolve-title">Meanings of “{word}” here</h2>
        <button type="button" class="small" onClick={props.onClose}>
          Close
        </button>
      </div>
      <Alert message={error} />
      {!answer && !error && <p aria-busy="true">Reading the context…</p>}
      {answer && (
        <>
          <p class="decision">
            {answer.decision.status === 'chosen' ? (
              <>
                Chosen: <strong>{answer.decision.definition}</strong> (margin {answer.decision.margin})
              </>
            ) : (
              <>No meaning chosen: {answer.decision.explanation}</>
            )}
          </p>
          <ol class="candidates">
            {answer.candidates.map((c) => (
              <li>
                <p>
                  <a href={wordHref(c.word, c.meaning)}>
                    {c.word} ({c.partOfSpeech})
                  </a>{' '}
                  — {c.definition} <span class="muted">share {(c.share * 100).toFixed(1)}%</span>
                </p>
                <ul class="reasons">
                  {reasons(c).map((r) => (
                    <li>
                      <span class="reason-label">{LABELS[r.f]}:</span> {r.line}{' '}
                      <span class="muted">
                        ({r.points > 0 ? '+' : ''}
                        {r.points.toFixed(2)})
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
