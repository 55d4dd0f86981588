/**
 * Attribution and factivity: what a sentence says through someone else's words. `X says / claims / believes /
 * hopes that P` and `according to X, P` attribute P to X without establishing it; `X shows / proves / knows /
 * found / confirmed that P` and `no one disputes that P` establish P; `it is false that P` denies it. The
 * frame is read at the start of a sentence (or `…, X said.` at its end), and what it frames is the rest.
 */
import type { Token } from '../../text/tokens'
import type { ClaimReading } from './reading'

export type FrameKind = 'attributed' | 'established' | 'denied'

export type Frame = {
  kind: FrameKind
  /** Who or what the words rest on, as written (`Critics`, `the mayor`); empty for `it is false that`. */
  source: string
  /** The frame's words, as written. */
  text: string
  /** Offsets into the reading's text: the frame, and the framed words. */
  frameStart: number
  frameEnd: number
  contentStart: number
  contentEnd: number
}

const ATTRIBUTING = new Set(
  [
    'say says said claim claims claimed believe believes believed hope hopes hoped argue argues argued',
    'insist insists insisted think thinks thought maintain maintains maintained allege alleges alleged',
    'suggest suggests suggested fear fears feared expect expects expected predict predicts predicted',
    'assert asserts asserted contend contends contended suspect suspects suspected estimate estimates',
    'estimated deny denies denied doubt doubts doubted reckon reckons speculate speculates speculated',
    'worry worries worried warn warns warned promise promises promised assume assumes assumed',
  ]
    .join(' ')
    .split(' '),
)
const ESTABLISHING = new Set(
  [
    'show shows showed shown prove proves proved proven demonstrate demonstrates demonstrated confirm',
    'confirms confirmed reveal reveals revealed know knows knew find finds found discover discovers',
    'discovered establish establishes established realise realises realised realize realizes realized',
    'acknowledge acknowledges acknowledged admit admits admitted',
  ]
    .join(' ')
    .split(' '),
)
/** Verbs of doubt that, denied by everyone (`no one disputes that`), establish what follows. */
const DOUBTING = new Set([
  'dispute',
  'disputes',
  'disputed',
  'deny',
  'denies',
  'denied',
  'doubt',
  'doubts',
  'doubted',
  'questions',
  'question',
  'questioned',
])
const NOBODY = new Set(['nobody', 'no one', 'none'])
const NEGATING = new Set(['not', "n't", 'never', 'no'])
const FALSE_WORDS = new Set(['false', 'untrue', 'wrong', 'a myth', 'not true', 'not the case', 'incorrect'])
const TRUE_WORDS = new Set(['true', 'clear', 'certain', 'a fact', 'known', 'established', 'the case'])
/** Words after a verb that make it no report of a clause (`told him to`, `say to`). */
const NOT_A_CLAUSE = new Set([
  'to',
  'him',
  'her',
  'them',
  'me',
  'us',
  'for',
  'of',
  'about',
  'with',
  'on',
  'by',
])
/** How far into its sentence a framing verb may stand (`the new report by the council found`). */
const FRAME_REACH = 8

const lowerOf = (tokens: readonly Token[], from: number, to: number) =>
  tokens
    .slice(from, to)
    .map((t) => t.lower)
    .join(' ')

/** The frame of a reading's first sentence, or null when it says what it says in its own voice. */
export function readFrame(reading: ClaimReading): Frame | null {
  const tokens = reading.tokens
  const sentenceEnd = tokens.findIndex((t) => t.sentence > 0)
  const end = sentenceEnd === -1 ? tokens.length : sentenceEnd
  if (end < 3) return null
  const text = reading.text
  const at = (k: number) => tokens[k] as Token
  const make = (
    kind: FrameKind,
    source: string,
    frameFrom: number,
    frameTo: number,
    contentFrom: number,
  ): Frame => {
    const contentStart = at(contentFrom).start
    return {
      kind,
      source,
      text: text.slice(at(frameFrom).start, at(frameTo - 1).end),
      frameStart: at(frameFrom).start,
      frameEnd: at(frameTo - 1).end,
      contentStart,
      contentEnd: at(end - 1).end,
    }
  }
  // `According to X, P`.
  if (at(0).lower === 'according' && at(1).lower === 'to') {
    for (let k = 2; k < Math.min(end - 1, FRAME_REACH + 2); k++)
      if (/,/.test(at(k).gapAfter))
        return make('attributed', text.slice(at(2).start, at(k).end), 0, k + 1, k + 1)
    return null
  }
  // `It is false / true that P`.
  if (at(0).lower === 'it' && /^(is|was|'s)$/.test(at(1).lower)) {
    const that = tokens.findIndex((t, i) => i > 1 && i < Math.min(end, 6) && t.lower === 'that')
    if (that !== -1) {
      const predicate = lowerOf(tokens, 2, that)
      if (FALSE_WORDS.has(predicate)) return make('denied', '', 0, that + 1, that + 1)
      if (TRUE_WORDS.has(predicate)) return make('established', '', 0, that + 1, that + 1)
    }
    return null
  }
  for (let k = 1; k < Math.min(end - 1, FRAME_REACH); k++) {
    const lower = at(k).lower
    const attributing = ATTRIBUTING.has(lower)
    const establishing = ESTABLISHING.has(lower)
    const doubting = DOUBTING.has(lower)
    if (!attributing && !establishing && !doubting) continue
    // Punctuation between the subject and the verb: not a frame at the sentence start.
    if (tokens.slice(0, k - 1).some((t) => /[,;:]/.test(t.gapAfter))) return null
    const next = at(k + 1)
    if (NOT_A_CLAUSE.has(next.lower)) return null
    const content = next.lower === 'that' ? k + 2 : k + 1
    if (content >= end) return null
    const before = tokens.slice(0, k).map((t) => t.lower)
    const nobody = before.some((w) => NOBODY.has(w)) || lowerOf(tokens, 0, k).includes('no one')
    const negated = before.some((w) => NEGATING.has(w))
    const sourceEnd = before.findIndex((w) =>
      /^(did|does|do|has|have|had|is|are|was|were|not|never|n't|will|would|can|could|may|might)$/.test(w),
    )
    const source = text.slice(at(0).start, at(sourceEnd > 0 ? sourceEnd - 1 : k - 1).end)
    let kind: FrameKind = establishing ? 'established' : 'attributed'
    if (doubting && nobody) kind = 'established'
    else if (negated || nobody) kind = 'attributed'
    return make(kind, source, 0, k + (next.lower === 'that' ? 2 : 1), content)
  }
  // `P, X said.`
  const last = end - 1
  if (ATTRIBUTING.has(at(last).lower) && last >= 3) {
    for (let k = last - 1; k >= Math.max(1, last - 5); k--) {
      if (!/,/.test(at(k - 1).gapAfter)) continue
      return {
        kind: 'attributed',
        source: text.slice(at(k).start, at(last - 1).end),
        text: text.slice(at(k).start, at(last).end),
        frameStart: at(k).start,
        frameEnd: at(last).end,
        contentStart: at(0).start,
        contentEnd: at(k - 1).end,
      }
    }
  }
  return null
}
