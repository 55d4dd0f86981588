/**
 * A text, or one stretch of it, with marks drawn at their ranges (see lib/highlight): each run is a span,
 * each mark a `<mark>` carrying its kind as a class. A mark split into several runs by the marks inside it
 * is announced once: its words for assistive technology, and its place in the tab order, go only with its
 * first run. A mark can be a link, or a focusable element whose focus or click names it to the caller.
 */
import type { Child } from 'hono/jsx'
import { markRuns, type Mark } from '../lib/highlight'

export type MarkedTextProps = {
  text: string
  marks: Mark[]
  /** Where the drawn stretch starts and ends in `text` (the whole text by default); ranges stay absolute. */
  from?: number
  to?: number
  /** Link for a mark (a word page); when absent the mark is focusable and reported by `onPick`. */
  href?: (mark: Mark) => string | undefined
  /** Called on focus (keyboard or click) and again on click, saying which. */
  onPick?: (mark: Mark, how: 'focus' | 'click') => void
  /** Words read before a mark when it carries no `label`, e.g. "meaning chosen". */
  describe?: (mark: Mark) => string
  class?: string
  id?: string
}

export function MarkedText(props: MarkedTextProps) {
  const from = props.from ?? 0
  const shown = props.text.slice(from, props.to ?? props.text.length)
  const runs = markRuns(
    shown,
    props.marks.map((m) => ({ ...m, start: m.start - from, end: m.end - from })),
  )
  return (
    <div class={`marked ${props.class ?? ''}`} id={props.id} data-text-length={shown.length}>
      {runs.map((run) => {
        let node: Child = run.text
        for (const shifted of [...run.marks].reverse()) {
          const mark = { ...shifted, start: shifted.start + from, end: shifted.end + from }
          const first = run.start === shifted.start
          const href = props.href?.(mark)
          const label = first ? (mark.label ?? props.describe?.(mark)) : undefined
          const inner = (
            <mark
              class={`hl hl-${mark.kind}`}
              data-mark={mark.id}
              data-start={from + run.start}
              data-end={from + run.end}
              tabindex={href || !props.onPick || !first ? undefined : 0}
              onFocus={() => props.onPick?.(mark, 'focus')}
              onClick={() => props.onPick?.(mark, 'click')}
            >
              {label && (
                <span class="sr-only" data-skip>
                  {label}:{' '}
                </span>
              )}
              {node}
            </mark>
          )
          node = href ? <a href={href}>{inner}</a> : inner
        }
        return node
      })}
    </div>
  )
}
