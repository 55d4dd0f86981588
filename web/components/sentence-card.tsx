/**
 * One sentence of the argument as the local review sees it: the sentence beside its closest source sentence
 * (and any other matched source sentence a difference points into), the differences marked in both and
 * written out in full beside them (below them on a phone), the extras folded into one group, and a second
 * opinion on the pair. Selecting a word of the sentence shows its meanings there.
 */
import { useState } from 'hono/jsx/dom'
import { wordSpan } from '../lib/highlight'
import { wordHref, wordOfMeaning } from '../lib/route'
import { selectionIn } from '../lib/selection'
import type { RequestQueue } from '../lib/request-queue'
import {
  DIFFERENCE_LABELS,
  differenceOf,
  extrasCount,
  marksWithin,
  type Extras,
  type SentenceView,
} from '../lib/sentence-view'
import type { Passage, ReviewInput } from '../lib/types'
import { MarkedText } from './marked-text'
import { ResolvePanel } from './resolve-panel'
import { SecondOpinion } from './second-opinion'

/** The text of a field of the request and how it is named to the reader. */
export function fieldOf(input: ReviewInput, p: Passage): { label: string; text: string } {
  if (p.field === 'source') {
    const source = input.sources.find((s) => s.id === p.sourceId)
    return { label: source?.label ?? 'a source', text: source?.text ?? '' }
  }
  const text = p.field === 'text' ? input.text : p.field === 'context' ? input.context : input.reply
  return { label: `the ${p.field}`, text: text ?? '' }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function ExtrasGroup(props: { extras: Extras }) {
  const e = props.extras
  const count = extrasCount(e)
  if (count === 0 && e.shared.length === 0 && e.sameNumbers.length === 0 && e.otherMatching === 0) return null
  const parts = [
    e.unsourced.length > 0 && plural(e.unsourced.length, 'word no source uses', 'words no source uses'),
    e.meanings.length > 0 &&
      plural(e.meanings.length, 'word with several meanings', 'words with several meanings'),
  ].filter(Boolean)
  return (
    <details class="extras">
      <summary>More about this sentence{parts.length > 0 && `: ${parts.join(', ')}`}</summary>
      {e.unsourced.length > 0 && (
        <p>
          No source and not the context uses {e.unsourced.map((w) => `“${w}”`).join(', ')}. That is not a
          finding that the sentence is wrong, only that these words are its own.
        </p>
      )}
      {e.meanings.map((m) => (
        <div class="meaning-note">
          <p>{m.note}</p>
          <ul>
            {m.meanings.map((x) => (
              <li>
                <a href={wordHref(wordOfMeaning(x.id), x.id)}>{wordOfMeaning(x.id)}</a> ({x.partOfSpeech}):{' '}
                {x.definition}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {e.sameNumbers.length > 0 && (
        <p>
          {e.sameNumbers.map((n) => `“${n}”`).join(', ')} also{' '}
          {e.sameNumbers.length === 1 ? 'appears' : 'appear'} in a matched source sentence.
        </p>
      )}
      {e.shared.length > 0 && <p>Words it shares with the closest source sentence: {e.shared.join(', ')}.</p>}
      {e.otherMatching > 0 && (
        <p>
          {plural(e.otherMatching, 'more source sentence shares', 'more source sentences share')} some of its
          words.
        </p>
      )}
    </details>
  )
}

export function SentenceCard(props: {
  view: SentenceView
  input: ReviewInput
  queue: RequestQueue
  total: number
}) {
  const v = props.view
  const [current, setCurrent] = useState<string | null>(null)
  const [span, setSpan] = useState<{ start: number; end: number } | null>(null)
  const number = v.index + 1
  const noteId = (id: string) => `note-${id}`
  const pick = (markId: string, how: 'focus' | 'click') => {
    const id = differenceOf(markId)
    setCurrent(id)
    // A click brings the written-out note into view (below the sentences on a phone); focus only marks it,
    // so that moving through the marks by keyboard does not scroll them away.
    if (how === 'click') document.getElementById(noteId(id))?.scrollIntoView({ block: 'nearest' })
  }
  const checkSelection = (container: HTMLElement) => {
    const found = selectionIn(container)
    const word =
      found && wordSpan(props.input.text, v.passage.start + found.start, v.passage.start + found.end)
    if (word) setSpan(word)
  }
  const best = v.sources[0]
  const claim = props.input.text.slice(v.passage.start, v.passage.end).trim()
  return (
    <li class="sentence-card" id={`sentence-${number}`} aria-labelledby={`sentence-${number}-title`}>
      <h3 id={`sentence-${number}-title`}>
        Sentence {number} <span class="muted">of {props.total}</span>{' '}
        <span class="muted">
          ·{' '}
          {v.differences.length === 0
            ? 'nothing to compare'
            : plural(v.differences.length, 'difference', 'differences')}
        </span>
      </h3>
      <div class="pair">
        <figure class="said">
          <figcaption>Your sentence</figcaption>
          <div
            onMouseUp={(e: Event) => checkSelection(e.currentTarget as HTMLElement)}
            onKeyUp={(e: Event) => checkSelection(e.currentTarget as HTMLElement)}
          >
            <MarkedText
              class="sentence-text"
              text={props.input.text}
              from={v.passage.start}
              to={v.passage.end}
              marks={marksWithin(v.differences, v.passage, 'text')}
              onPick={(mark, how) => pick(mark.id, how)}
            />
          </div>
        </figure>
        {v.sources.length === 0 && (
          <p class="muted">
            No source sentence shares its words. That is not a finding that it is wrong: a source may say the
            same in other words.
          </p>
        )}
        {v.sources.map((s) => {
          const field = fieldOf(props.input, s.passage)
          return (
            <figure class="source-side">
              <figcaption>
                {s.best ? 'Closest source sentence' : 'Another matched source sentence'}, in “{field.label}”
              </figcaption>
              <MarkedText
                class="sentence-text"
                text={field.text}
                from={s.passage.start}
                to={s.passage.end}
                marks={marksWithin(v.differences, s.passage, 'sources')}
                onPick={(mark, how) => pick(mark.id, how)}
              />
            </figure>
          )
        })}
        {span && <ResolvePanel text={props.input.text} span={span} onClose={() => setSpan(null)} />}
      </div>
      <div class="notes">
        {v.differences.length === 0 ? (
          <p class="muted">
            No difference in numbers, dates, votes, changes, durations, directions, quantifiers, hedges,
            negation, attribution or quotations.
          </p>
        ) : (
          <ul class="differences" aria-label={`What differs in sentence ${number}`}>
            {v.differences.map((d) => (
              <li
                id={noteId(d.id)}
                class={`difference${current === d.id ? ' current' : ''}`}
                aria-current={current === d.id ? 'true' : undefined}
              >
                <p class="difference-title">
                  <span class={`hl hl-${d.kind}`}>{DIFFERENCE_LABELS[d.kind]}</span> {d.title}
                </p>
                <p class="difference-detail">{d.detail}</p>
                {d.elsewhere.map((p) => {
                  const field = fieldOf(props.input, p)
                  return (
                    <figure class="source-passage">
                      <figcaption>In “{field.label}”</figcaption>
                      <blockquote>{field.text.slice(p.start, p.end)}</blockquote>
                    </figure>
                  )
                })}
              </li>
            ))}
          </ul>
        )}
        <ExtrasGroup extras={v.extras} />
      </div>
      {best && (
        <SecondOpinion
          claim={claim}
          excerpt={fieldOf(props.input, best.passage).text.slice(best.passage.start, best.passage.end).trim()}
          queue={props.queue}
        />
      )}
    </li>
  )
}
