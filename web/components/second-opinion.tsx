/**
 * A second opinion on one sentence of the argument and its closest source sentence: the service's inference
 * engine (`evaluate-evidence`, no key needed) reads whether the source sentence's wording supports the
 * sentence, rules it out, or neither. It is asked for only once the card is near the screen, through the
 * review's shared queue, and is labelled apart from the text checks, whose findings it does not judge.
 */
import { useEffect, useId, useRef, useState } from 'hono/jsx/dom'
import { BOUNDS } from '../../src/semantic/bounds'
import { messageOf, postJson } from '../lib/api'
import { Cancelled, type RequestQueue } from '../lib/request-queue'
import type { EvidenceResult } from '../lib/types'

type Excerpt = EvidenceResult['excerpts'][number]
type Step = Excerpt['inference']['steps'][number]
type Relation = Excerpt['relation']

/** What a second opinion is, said once above the sentences. */
export function SecondOpinionKey() {
  return (
    <details class="opinion-key">
      <summary>What the second opinions are</summary>
      <p>
        Each sentence with a matched source sentence also gets a second opinion: the service’s inference
        engine reads whether the wording of the closest source sentence supports the sentence. It is separate
        from the text checks and does not judge their findings; it reads what the words allow, not whether
        anything is true, and it can be wrong. It answers one of three things:
      </p>
      <dl>
        {(['follows', 'conflicts', 'neither'] as const).map((r) => (
          <>
            <dt>
              <span class={`opinion relation-${r}`}>
                <strong class="badge">{RELATION_WORDS[r].name}</strong>
              </span>
            </dt>
            <dd>{RELATION_WORDS[r].meaning}</dd>
          </>
        ))}
      </dl>
    </details>
  )
}

export const RELATION_WORDS: Record<Relation, { name: string; meaning: string }> = {
  follows: {
    name: 'Supports it',
    meaning:
      'The source sentence’s wording says what your sentence says: if the source is right, so is your sentence.',
  },
  conflicts: {
    name: 'Conflicts with it',
    meaning: 'The source sentence’s wording rules out what your sentence says: both cannot be right.',
  },
  neither: {
    name: 'Neither',
    meaning:
      'The source sentence’s wording neither says what your sentence says nor rules it out: it does not settle it either way.',
  },
}

const LEXICAL: Record<string, string> = {
  'same-word': 'the same word',
  synonym: 'words of the same meaning',
  derivation: 'forms of the same word',
  broader: 'your word is more general',
  narrower: 'your word is more specific',
  definition: 'one word defines the other',
  antonym: 'opposites',
  'indirect-antonym': 'near opposites',
  exclusive: 'cannot both apply',
  gloss: 'one word appears in the other’s definition',
  part: 'a part and its whole',
  sibling: 'kinds of the same thing',
}

const STEP_KINDS: Record<Step['kind'], string> = {
  alignment: 'matched',
  related: 'loosely related',
  opposite: 'opposites',
  exclusive: 'cannot both apply',
  'claim-only': 'only in your sentence',
  cue: 'a cue word',
  roles: 'the same words in another order',
  number: 'numbers compared',
  date: 'dates compared',
  order: 'events in an order',
  attribution: 'who says it',
  modality: 'what must, may or causes',
}

const EFFECTS: Record<Step['effect'], string> = {
  supports: 'counts towards support',
  blocks: 'keeps the source from supporting it',
  flips: 'counts towards a conflict',
}

function stepWords(step: Step): string {
  const here = step.claim ? `“${step.claim.text}”` : null
  const there = step.excerpt ? `“${step.excerpt.text}” in the source` : null
  const pair = [here, there].filter(Boolean).join(' and ')
  const how = (step.lexical && LEXICAL[step.lexical]) ?? STEP_KINDS[step.kind]
  return `${pair || 'The two sentences'}: ${how}; ${EFFECTS[step.effect]}.`
}

type State =
  | { status: 'idle' }
  | { status: 'waiting' }
  | { status: 'done'; excerpt: Excerpt }
  | { status: 'failed'; message: string }

export function SecondOpinion(props: { claim: string; excerpt: string; queue: RequestQueue }) {
  const id = useId()
  const box = useRef<HTMLElement>(null)
  const [state, setState] = useState<State>({ status: 'idle' })
  const tooLong = props.claim.length > BOUNDS.claimChars || props.excerpt.length > BOUNDS.excerptChars
  const ask = () => {
    setState({ status: 'waiting' })
    props.queue
      .run(() =>
        postJson<EvidenceResult>('/v1/claims/evaluate-evidence', {
          claim: props.claim,
          excerpts: [{ id: 'source', text: props.excerpt }],
        }),
      )
      .then((answer) => {
        const excerpt = answer.excerpts[0]
        setState(
          excerpt ? { status: 'done', excerpt } : { status: 'failed', message: 'No answer came back.' },
        )
      })
      .catch((err) => {
        if (!(err instanceof Cancelled)) setState({ status: 'failed', message: messageOf(err) })
      })
  }
  useEffect(() => {
    const el = box.current
    if (!el || tooLong) return
    // Asked for once the card comes near the screen, so a long argument does not ask for all of them at once.
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          seen.disconnect()
          ask()
        }
      },
      { rootMargin: '200px 0px' },
    )
    seen.observe(el)
    return () => seen.disconnect()
  }, [])
  return (
    <section
      class="second-opinion"
      aria-labelledby={`${id}-title`}
      ref={box}
      aria-busy={state.status === 'waiting' ? 'true' : undefined}
    >
      <h4 id={`${id}-title`}>Second opinion: does the source sentence’s wording support yours?</h4>
      <p class="muted">
        From the service’s inference engine, not the text checks: it reads the words, not the facts.
      </p>
      {tooLong && (
        <p>
          This sentence is too long for a second opinion (more than{' '}
          {BOUNDS.claimChars.toLocaleString('en-US')} characters).
        </p>
      )}
      {(state.status === 'idle' || state.status === 'waiting') && !tooLong && (
        <p class="muted">Waiting for the second opinion…</p>
      )}
      {state.status === 'failed' && (
        <div class="error" role="alert">
          <p>The second opinion could not be fetched: {state.message}</p>
          <button type="button" class="small" onClick={ask}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'done' && (
        <>
          <p class={`opinion relation-${state.excerpt.relation}`}>
            <strong class="badge">{RELATION_WORDS[state.excerpt.relation].name}</strong>{' '}
            {RELATION_WORDS[state.excerpt.relation].meaning}{' '}
            <span class="muted">
              (the engine’s confidence: {Math.round(state.excerpt.confidence * 100)}%)
            </span>
          </p>
          {state.excerpt.inference.steps.length > 0 && (
            <details>
              <summary>How it read the two sentences</summary>
              <ul class="steps">
                {state.excerpt.inference.steps.map((s) => (
                  <li>{stepWords(s)}</li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  )
}
