/**
 * Look up words: search as you type over `/api/lexicon/words` (debounced, at most 20 suggestions, a
 * keyboard-driven ARIA combobox), and the word page with meanings grouped by part of speech.
 */
import { useEffect, useId, useRef, useState } from 'hono/jsx/dom'
import { getJson, messageOf, ServiceError } from '../lib/api'
import { wordHref, type Route } from '../lib/route'
import { plainRelationName, technicalRelationName } from '../lib/plain-names'
import { RegisterLabel } from '../components/register-label'
import type { LexiconNotFound, Meaning, PrefixResult, WordRecord } from '../lib/types'
import { CopyButton } from '../components/copy-button'
import { Alert } from '../components/controls'
import { WordFacts } from './word-facts'

const DEBOUNCE_MS = 150

/** One suggestion: what it shows, the word it opens, and how it relates to what was typed. */
type Option = { label: string; open: string; note?: string }

/**
 * The words that start with the prefix, then the inflected forms that do (each opening the form itself),
 * then, when nothing starts with it, the words the person may have meant.
 */
function optionsOf(result: {
  words?: string[]
  inflected?: PrefixResult['inflected']
  suggestions?: string[]
}): Option[] {
  const words: Option[] = (result.words ?? []).map((word) => ({ label: word, open: word }))
  const forms: Option[] = (result.inflected ?? []).map((f) => ({
    label: f.form,
    open: f.form,
    note: `a form of ${f.word}`,
  }))
  const meant: Option[] = (result.suggestions ?? []).map((word) => ({
    label: word,
    open: word,
    note: 'did you mean?',
  }))
  return [...words, ...forms, ...meant].slice(0, 20)
}

export function SearchBox(props: { initial?: string }) {
  const id = useId()
  const [value, setValue] = useState(props.initial ?? '')
  const [words, setWords] = useState<Option[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const asked = useRef(0)
  // Suggestions are for someone typing here, not for the word a page was opened at.
  const [typed, setTyped] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!typed) return
    const prefix = value.trim()
    if (prefix.length < 2) {
      setWords([])
      setStatus(prefix.length === 1 ? 'Type at least 2 characters.' : '')
      return
    }
    if (prefix.length > 100) {
      setWords([])
      setStatus(`The prefix has ${prefix.length} characters; at most 100 are searched.`)
      return
    }
    const ticket = ++asked.current
    const timer = setTimeout(async () => {
      try {
        const found = await getJson<PrefixResult>(`/api/lexicon/words?prefix=${encodeURIComponent(prefix)}`)
        if (ticket !== asked.current) return
        const options = optionsOf(found)
        setWords(options)
        setActive(-1)
        setOpen(document.activeElement === input.current)
        setStatus(`${options.length} suggestion${options.length === 1 ? '' : 's'}.`)
      } catch (err) {
        if (ticket !== asked.current) return
        const missing = err instanceof ServiceError && err.status === 404
        const options = missing ? optionsOf((err.body ?? {}) as LexiconNotFound) : []
        setWords(options)
        setActive(-1)
        setOpen(options.length > 0 && document.activeElement === input.current)
        setStatus(
          !missing
            ? messageOf(err)
            : options.length > 0
              ? `No word starts with “${prefix}”. Did you mean one of these?`
              : `No word starts with “${prefix}”.`,
        )
      }
    }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [value, typed])

  const go = (word: string) => {
    setOpen(false)
    location.hash = wordHref(word)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(true)
      setActive((a) => Math.min(words.length - 1, a + 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => Math.max(-1, a - 1))
    } else if (e.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const chosen = active >= 0 ? words[active]?.open : value.trim()
      if (chosen) go(chosen)
    }
  }
  const listId = `${id}-list`
  const expanded = open && words.length > 0
  return (
    <div class="search">
      <label for={`${id}-input`}>Word or phrase</label>
      <input
        id={`${id}-input`}
        ref={input}
        type="search"
        role="combobox"
        autocomplete="off"
        spellcheck={false}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-expanded={expanded ? 'true' : 'false'}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        value={value}
        onInput={(e: Event) => {
          setTyped(true)
          setValue((e.target as HTMLInputElement).value)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onFocus={() => words.length > 0 && setOpen(true)}
      />
      <p id={`${id}-hint`} class="hint">
        Arrow keys move through suggestions, Enter opens one, Escape closes the list.
      </p>
      <ul id={listId} role="listbox" aria-label="Suggestions" class="suggestions" hidden={!expanded}>
        {words.map((option, i) => (
          <li
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active ? 'true' : 'false'}
            onMouseDown={(e: MouseEvent) => {
              e.preventDefault()
              go(option.open)
            }}
          >
            {option.label}
            {option.note && <span class="muted"> ({option.note})</span>}
          </li>
        ))}
      </ul>
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
    </div>
  )
}

/** What the typed form is, in a sentence a learner reads, each other word a link to its own page. */
function TypedForm(props: { record: WordRecord }) {
  const { form, readings } = props.record.typedForm
  const plain = readings.every((r) => r.form === null && !r.name && r.word === props.record.word)
  if (plain) return null
  return (
    <div class="note morphology">
      <p>“{form}” can be:</p>
      <ul>
        {readings.map((r) => {
          const other = r.word.toLowerCase() !== props.record.word
          const word = other ? <a href={wordHref(r.word)}>{r.word}</a> : <strong>{r.word}</strong>
          if (r.name)
            return (
              <li>
                the name {word} ({r.partOfSpeech})
              </li>
            )
          if (r.form === null)
            return (
              <li>
                the {r.partOfSpeech} {word}
              </li>
            )
          return (
            <li>
              the {r.form} of the {r.partOfSpeech} {word}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function MeaningItem(props: { meaning: Meaning; selected: boolean }) {
  const m = props.meaning
  return (
    <li class={props.selected ? 'meaning selected' : 'meaning'} id={`meaning-${m.id}`}>
      <p class="definition">
        {props.selected && <strong class="tag">Linked meaning </strong>}
        {m.mostCommon && <strong class="tag">Most common meaning </strong>}
        <RegisterLabel register={m.register} /> {m.definition}
      </p>
      {m.examples.length > 0 && (
        <ul class="examples" aria-label="Examples">
          {m.examples.map((ex) => (
            <li>“{ex}”</li>
          ))}
        </ul>
      )}
      {m.synonyms.length > 0 && (
        <p class="relations">
          <span class="rel-name" title="WordNet: synonyms">
            same meaning:
          </span>{' '}
          {m.synonyms.map((s, i) => (
            <>
              {i > 0 && ', '}
              <a href={wordHref(s.word, s.id)}>{s.word}</a>
              <RegisterLabel register={s.register} />
            </>
          ))}
        </p>
      )}
      {m.relations.length > 0 && (
        <details class="relations">
          <summary>Related meanings ({m.relations.length})</summary>
          <ul>
            {m.relations.map((r) => (
              <li>
                <span class="rel-name" title={`WordNet: ${technicalRelationName(r.type)}`}>
                  {plainRelationName(r.type)}:
                </span>{' '}
                {r.words.map((w, i) => (
                  <>
                    {i > 0 && ', '}
                    <a href={wordHref(w.word, w.id)}>{w.word}</a>
                    <RegisterLabel register={w.register} />
                  </>
                ))}{' '}
                <span class="muted">— {r.definition}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <p class="meaning-id">
        Meaning ID <code>{m.id}</code> <CopyButton text={m.id} label={`Copy meaning ID ${m.id}`} />
      </p>
    </li>
  )
}

/** A word the lexicon does not have, with the words the person may have meant as links. */
function DidYouMean(props: { word: string; words: string[] }) {
  return (
    <div class="note" role="status">
      <p>The lexicon has no word “{props.word}”.</p>
      {props.words.length > 0 && (
        <p>
          Did you mean{' '}
          {props.words.map((w, i) => (
            <>
              {i > 0 && (i === props.words.length - 1 ? ' or ' : ', ')}
              <a href={wordHref(w)}>{w}</a>
            </>
          ))}
          ?
        </p>
      )}
    </div>
  )
}

export function WordPage(props: { word: string; sense: string | null }) {
  const [record, setRecord] = useState<WordRecord | null>(null)
  const [error, setError] = useState('')
  const [meant, setMeant] = useState<string[] | null>(null)
  useEffect(() => {
    let live = true
    setRecord(null)
    setError('')
    setMeant(null)
    getJson<WordRecord>(`/api/lexicon/words/${encodeURIComponent(props.word)}`)
      .then((r) => live && setRecord(r))
      .catch((err) => {
        if (!live) return
        if (err instanceof ServiceError && err.status === 404 && err.body?.code === 'word_not_found')
          setMeant((err.body as LexiconNotFound).suggestions ?? [])
        else setError(messageOf(err))
      })
    return () => {
      live = false
    }
  }, [props.word])
  useEffect(() => {
    if (record && props.sense)
      document.getElementById(`meaning-${props.sense}`)?.scrollIntoView({ block: 'center' })
  }, [record, props.sense])
  if (error) return <Alert message={error} />
  if (meant) return <DidYouMean word={props.word} words={meant} />
  if (!record) return <p aria-busy="true">Loading “{props.word}”…</p>
  // Parts of speech in the record's order: the ones the typed form can have come first.
  const order = [...new Set(record.meanings.map((m) => m.partOfSpeech))]
  const groups = order.map((pos) => ({
    pos,
    meanings: record.meanings.filter((m) => m.partOfSpeech === pos),
  }))
  return (
    <article class="word" aria-labelledby="word-title">
      <h2 id="word-title">{record.word}</h2>
      <TypedForm record={record} />
      <WordFacts record={record} />
      {groups
        .filter((g) => g.meanings.length > 0)
        .map((g) => (
          <section aria-label={`${g.pos} meanings`}>
            <h3>
              {g.pos} <span class="muted">({g.meanings.length})</span>
              {g.meanings.every((m) => !m.typedForm) && (
                <span class="muted"> · not a meaning of “{record.typedForm.form}”</span>
              )}
            </h3>
            <ol class="meanings">
              {g.meanings.map((m) => (
                <MeaningItem meaning={m} selected={m.id === props.sense} />
              ))}
            </ol>
          </section>
        ))}
      <p class="attribution">
        {record.attribution.source} · {record.attribution.license} ·{' '}
        <a href={record.attribution.url}>{record.attribution.url}</a>
      </p>
    </article>
  )
}

export function LookupView(props: { route: Route }) {
  const word = props.route.view === 'word' ? (props.route.parts[0] ?? '') : ''
  return (
    <section aria-labelledby="lookup-title">
      <h1 id="lookup-title">Look up a word</h1>
      <SearchBox initial={word} key={word} />
      {word && <WordPage word={word} sense={props.route.query.get('sense')} />}
    </section>
  )
}
