/**
 * A text with marks drawn at their UTF-16 ranges (see lib/highlight): each run is a span, each mark a
 * `<mark>` carrying its kind as a class and as words for assistive technology; a mark can be a link, or a
 * focusable element whose focus and hover name it to the caller.
 */
import type { Child } from 'hono/jsx'
import { markRuns, type Mark } from '../lib/highlight'

export type MarkedTextProps = {
  text: string
  marks: Mark[]
  /** Link for a mark (a word page); when absent the mark is focusable and reported by `onPick`. */
  href?: (mark: Mark) => string | undefined
  onPick?: (mark: Mark) => void
  /** Words read before a mark, e.g. "number note"; the kind is shown by colour and by its underline style. */
  describe?: (mark: Mark) => string
  class?: string
  id?: string
}

export function MarkedText(props: MarkedTextProps) {
  const runs = markRuns(props.text, props.marks)
  return (
    <div class={`marked ${props.class ?? ''}`} id={props.id} data-text-length={props.text.length}>
      {runs.map((run) => {
        let node: Child = run.text
        for (const mark of [...run.marks].reverse()) {
          const href = props.href?.(mark)
          const label = props.describe?.(mark)
          const inner = (
            <mark
              class={`hl hl-${mark.kind}`}
              data-mark={mark.id}
              data-start={run.start}
              data-end={run.end}
              tabindex={href || !props.onPick ? undefined : 0}
              title={label}
              onFocus={() => props.onPick?.(mark)}
              onMouseEnter={() => props.onPick?.(mark)}
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
