/**
 * The meaning-in-context operations behind `/v1/resolve` (and the passage reading that `/v1/compare`,
 * `compare.ts`, and `/v1/illuminate`, `illuminate.ts`, share): requests in, wire-shaped answers or a target
 * problem out. No HTTP here.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { ResolutionBody } from '../schemas'
import { analyzePassage, type Expression, type PassageFrame } from './passage'
import { METHOD, resolutionBody } from './present'
import type { Settings } from './disambiguate'
import { createResolver } from './resolve'
import { isTargetProblem, locateInFrame, type TargetProblem, type TargetSpec } from './targets'

/** Text around the passage, read for evidence only: spans and occurrences are never placed in it. */
export type PassageContext = { before?: string; after?: string }

export type MeaningOptions = {
  context?: PassageContext
  maxCandidates?: number
  /** The method's settings; the routes use the defaults, the evaluation tries others. */
  settings?: Settings
}

/** The passage read together with its context; the passage occupies [offset, offset + length) of the text. */
export function readPassage(lexicon: Lexicon, passage: string, context: PassageContext = {}): PassageFrame {
  const before = context.before ?? ''
  const after = context.after ?? ''
  const joinBefore = before !== '' && !/\s$/.test(before) && !/^\s/.test(passage) ? ' ' : ''
  const joinAfter = after !== '' && !/\s$/.test(passage) && !/^\s/.test(after) ? ' ' : ''
  const offset = before.length + joinBefore.length
  const analysis = analyzePassage(lexicon, before + joinBefore + passage + joinAfter + after)
  return { analysis, offset, length: passage.length, afterStart: offset + passage.length + joinAfter.length }
}

/** A target located in its passage (read with its context), or the target's problem. */
export type Located = { ok: true; frame: PassageFrame; expression: Expression }

export function locateTarget(
  lexicon: Lexicon,
  passage: string,
  target: TargetSpec,
  context?: PassageContext,
): Located | { ok: false; problem: TargetProblem & { path: string } } {
  const frame = readPassage(lexicon, passage, context)
  const expression = locateInFrame(frame, target)
  if (isTargetProblem(expression)) return { ok: false, problem: { ...expression, path: 'target' } }
  return { ok: true, frame, expression }
}

/** The wire-shaped resolution of a located target. */
export function resolveLocated(located: Located, options: MeaningOptions = {}): ResolutionBody {
  const resolution = createResolver(located.frame.analysis, options.settings).resolve(located.expression)
  return resolutionBody(located.frame, resolution, options.maxCandidates)
}

export function resolveTarget(
  lexicon: Lexicon,
  passage: string,
  target: TargetSpec,
  options: MeaningOptions = {},
) {
  const located = locateTarget(lexicon, passage, target, options.context)
  if (!located.ok) return located
  return { ok: true as const, value: resolveLocated(located, options) }
}

export { METHOD }
