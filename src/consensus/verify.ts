/**
 * Replays consensus evidence step by step and says which step failed:
 *
 * 1. checkpoint-signature: the note is signed by this log's key (C2SP signed-note, Ed25519).
 * 2. checkpoint-body: it is a C2SP checkpoint of this log's origin.
 * 3. leaf-hashes: each given leaf hash is SHA-256(0x00 || leaf).
 * 4. inclusion-proofs: each entry's proof leads to the checkpoint's root hash.
 * 5. entries: each leaf is a canonical observation entry (of the expression's lemmas, when one is given),
 *    indices ascending without repeats.
 * 6. consistency (with `previous`): the earlier checkpoint is signed, no larger, and the consistency proof
 *    (given, or else produced by this log) shows this checkpoint extends it.
 * 7. log-agreement: this log has the checkpoint's root hash at that size (no fork, nothing rewritten).
 * 8. completeness (with `expression`): the entries are exactly those the consensus read counts.
 * 9. consensus: the consensus recomputed from the entries (equal to the claimed one, when given).
 *
 * Steps 1-5 and 9 use only the request and the public key, as an offline verifier would; 6 (without a
 * proof), 7 and 8 also consult this log. A step whose inputs failed an earlier step is skipped.
 */
import { fromBase64, toBase64 } from '../text/base64'
import { parseCheckpoint, type Checkpoint } from './log/checkpoint'
import { tallyConsensus } from './consensus'
import { expressionLemmas, readEntry } from './entry'
import { equalBytes, leafHash, rootFromInclusionProof, verifyConsistency } from './log/merkle'
import { noteVerifier, openSignedNote } from './log/note'
import type { ObservationLog } from './log/observation-log'
import { entryIndices } from './predict'
import { canonicalJson } from '../storage/canonical-json'
import type { Lexicon } from '../lexicon/lexicon'
import {
  LIMITS,
  type ConsensusSummary,
  type ObservationEntry,
  type VerifyRequest,
  type VerifyResponse,
  type VerifyStep,
} from './schemas'

const encoder = new TextEncoder()

type StepName = VerifyStep['step']

/** What a failed step expected and what it found instead. */
type Values = { expected: string; found: string }

type CheckpointProblem = { step: StepName; detail: string; values: Values }

const SIGNATURE_FOUND: Record<'malformed' | 'unknown-key' | 'bad-signature', string> = {
  malformed: 'a note that is not in the signed-note format',
  'unknown-key': 'no signature by that key that verifies',
  'bad-signature': 'a signature by that key that does not verify',
}

async function readCheckpoint(
  log: ObservationLog,
  note: string,
): Promise<{ checkpoint: Checkpoint } | CheckpointProblem> {
  const verifier = noteVerifier(log.signer.name, log.signer.publicKey)
  const opened = await openSignedNote(note, [verifier])
  if (!opened.ok)
    return {
      step: 'checkpoint-signature',
      detail: opened.message,
      values: { expected: `a valid signature by ${log.signer.name}`, found: SIGNATURE_FOUND[opened.problem] },
    }
  const checkpoint = parseCheckpoint(opened.text)
  if ('problem' in checkpoint)
    return {
      step: 'checkpoint-body',
      detail: checkpoint.problem,
      values: {
        expected: 'a checkpoint body: origin, tree size and base64 root hash, one a line',
        found: JSON.stringify(opened.text.slice(0, 200)),
      },
    }
  if (checkpoint.origin !== log.origin) {
    return {
      step: 'checkpoint-body',
      detail: `The origin is ${checkpoint.origin}, not ${log.origin}.`,
      values: { expected: log.origin, found: checkpoint.origin },
    }
  }
  return { checkpoint }
}

const list = (indices: number[]): string =>
  indices.slice(0, 10).join(', ') + (indices.length > 10 ? ', …' : '')

export async function verifyConsensus(
  log: ObservationLog,
  lexicon: Lexicon,
  request: VerifyRequest,
): Promise<VerifyResponse> {
  const steps: VerifyStep[] = []
  const done = (step: StepName): boolean => steps.some((s) => s.step === step && s.status === 'passed')
  const pass = (step: StepName, detail: string) => steps.push({ step, status: 'passed', detail })
  const fail = (step: StepName, detail: string, indices?: number[], values?: Values) =>
    steps.push({ step, status: 'failed', detail, ...(indices ? { indices } : {}), ...(values ?? {}) })
  const skip = (step: StepName, detail: string) => steps.push({ step, status: 'skipped', detail })

  // 1-2: the checkpoint.
  const read = await readCheckpoint(log, request.checkpoint.note)
  let checkpoint: Checkpoint | null = null
  if ('checkpoint' in read) {
    checkpoint = read.checkpoint
    pass('checkpoint-signature', `Signed by ${log.signer.verifierKey.split('+').slice(0, 2).join('+')}.`)
    pass('checkpoint-body', `${checkpoint.origin}, tree size ${checkpoint.treeSize}.`)
  } else if (read.step === 'checkpoint-signature') {
    fail('checkpoint-signature', read.detail, undefined, read.values)
    skip('checkpoint-body', 'The checkpoint is not trusted.')
  } else {
    pass('checkpoint-signature', 'Signed by this log’s key.')
    fail('checkpoint-body', read.detail, undefined, read.values)
  }

  // 3: leaf hashes.
  const hashes = request.entries.map((e) => leafHash(encoder.encode(e.leaf)))
  const badHashes = request.entries
    .filter((e, i) => e.leafHash !== undefined && e.leafHash !== toBase64(hashes[i] as Uint8Array))
    .map((e) => e.index)
  const firstBad = request.entries.findIndex(
    (e, i) => e.leafHash !== undefined && e.leafHash !== toBase64(hashes[i] as Uint8Array),
  )
  if (badHashes.length > 0)
    fail('leaf-hashes', `Leaf hash differs from SHA-256(0x00 || leaf) at ${list(badHashes)}.`, badHashes, {
      expected: toBase64(hashes[firstBad] as Uint8Array),
      found: request.entries[firstBad]?.leafHash ?? '',
    })
  else pass('leaf-hashes', `${request.entries.length} leaf hashes recomputed.`)

  // 4: inclusion proofs.
  if (!checkpoint) skip('inclusion-proofs', 'No trusted checkpoint to prove inclusion in.')
  else {
    const root = checkpoint.rootHash
    const size = checkpoint.treeSize
    const computedRoots = request.entries.map((e, i) =>
      rootFromInclusionProof(
        e.index,
        size,
        hashes[i] as Uint8Array,
        e.inclusionProof.map((h) => fromBase64(h) as Uint8Array),
      ),
    )
    const failedAt = computedRoots
      .map((computed, i) => (computed === null || !equalBytes(computed, root) ? i : -1))
      .filter((i) => i !== -1)
    const failed = failedAt.map((i) => (request.entries[i] as (typeof request.entries)[number]).index)
    if (failed.length > 0) {
      const computed = computedRoots[failedAt[0] as number]
      fail(
        'inclusion-proofs',
        `Inclusion proof does not lead to the root of size ${size} at ${list(failed)}.`,
        failed,
        {
          expected: toBase64(root),
          found: computed ? toBase64(computed) : 'no root (the proof has the wrong length)',
        },
      )
    } else
      pass('inclusion-proofs', `${request.entries.length} inclusion proofs verified against size ${size}.`)
  }

  // 5: the entries themselves.
  const entries: ObservationEntry[] = []
  const lemmas = request.expression === undefined ? null : expressionLemmas(lexicon, request.expression)
  const malformed: number[] = []
  const foreign: number[] = []
  for (const e of request.entries) {
    const entry = readEntry(e.leaf)
    if (!entry) malformed.push(e.index)
    else {
      if (lemmas && !lemmas.includes(entry.lemma)) foreign.push(e.index)
      entries.push(entry)
    }
  }
  const unordered = request.entries.filter(
    (e, i) => i > 0 && e.index <= (request.entries[i - 1]?.index ?? -1),
  )
  const leafAt = (index: number) => request.entries.find((e) => e.index === index)?.leaf ?? ''
  if (malformed.length > 0) {
    fail('entries', `Not a canonical observation entry at ${list(malformed)}.`, malformed, {
      expected: 'a canonical observation entry (JSON with sorted keys, no spaces)',
      found: JSON.stringify(leafAt(malformed[0] as number).slice(0, 200)),
    })
  } else if (foreign.length > 0) {
    const entry = readEntry(leafAt(foreign[0] as number))
    fail('entries', `Entries of another expression at ${list(foreign)}.`, foreign, {
      expected: `an entry of ${(lemmas ?? []).map((l) => `"${l}"`).join(' or ')}`,
      found: `an entry of "${entry?.lemma ?? ''}"`,
    })
  } else if (unordered.length > 0) {
    const first = request.entries.indexOf(unordered[0] as (typeof request.entries)[number])
    fail(
      'entries',
      'Entry indices must ascend without repeats.',
      unordered.map((e) => e.index),
      {
        expected: `an index above ${request.entries[first - 1]?.index ?? -1}`,
        found: String(request.entries[first]?.index),
      },
    )
  } else pass('entries', `${entries.length} observation entries read.`)

  // 6: consistency with an earlier checkpoint.
  if (!request.previous) skip('consistency', 'No earlier checkpoint given.')
  else if (!checkpoint) skip('consistency', 'No trusted checkpoint to compare with.')
  else {
    const previous = await readCheckpoint(log, request.previous.checkpoint.note)
    if (!('checkpoint' in previous))
      fail('consistency', `The earlier checkpoint: ${previous.detail}`, undefined, previous.values)
    else if (previous.checkpoint.treeSize > checkpoint.treeSize) {
      fail(
        'consistency',
        `The earlier checkpoint (${previous.checkpoint.treeSize}) is larger than this one (${checkpoint.treeSize}).`,
        undefined,
        {
          expected: `an earlier tree size of at most ${checkpoint.treeSize}`,
          found: String(previous.checkpoint.treeSize),
        },
      )
    } else {
      const from = previous.checkpoint.treeSize
      const to = checkpoint.treeSize
      const given = request.previous.consistencyProof
      const proof = given
        ? given.map((h) => fromBase64(h) as Uint8Array)
        : to <= log.size()
          ? log.consistencyProof(from, to)
          : null
      if (!proof)
        fail('consistency', `This log has ${log.size()} entries and cannot prove size ${to}.`, undefined, {
          expected: `at least ${to} entries in this log`,
          found: `${log.size()} entries`,
        })
      else if (verifyConsistency(from, to, proof, previous.checkpoint.rootHash, checkpoint.rootHash)) {
        pass(
          'consistency',
          `Size ${to} extends size ${from} (${proof.length} proof hashes${given ? '' : ' from this log'}).`,
        )
      } else
        fail('consistency', `The consistency proof from size ${from} to ${to} does not verify.`, undefined, {
          expected: `a proof from root ${toBase64(previous.checkpoint.rootHash)} (size ${from}) to root ${toBase64(checkpoint.rootHash)} (size ${to})`,
          found: `${proof.length} proof hashes that lead to neither root`,
        })
    }
  }

  // 7: the log agrees with the checkpoint.
  if (!checkpoint) skip('log-agreement', 'No trusted checkpoint.')
  else if (checkpoint.treeSize > log.size()) {
    fail(
      'log-agreement',
      `The checkpoint has size ${checkpoint.treeSize}; this log has ${log.size()} entries.`,
      undefined,
      { expected: `at least ${checkpoint.treeSize} entries in this log`, found: `${log.size()} entries` },
    )
  } else if (!equalBytes(log.root(checkpoint.treeSize), checkpoint.rootHash)) {
    fail(
      'log-agreement',
      `This log's root at size ${checkpoint.treeSize} differs from the checkpoint's.`,
      undefined,
      {
        expected: toBase64(checkpoint.rootHash),
        found: toBase64(log.root(checkpoint.treeSize)),
      },
    )
  } else pass('log-agreement', `This log has the same root at size ${checkpoint.treeSize}.`)

  // 8: completeness.
  if (!lemmas) skip('completeness', 'No expression given.')
  else if (!checkpoint || !done('log-agreement')) skip('completeness', 'The checkpoint is not this log’s.')
  else {
    const expected = entryIndices(log, lemmas, checkpoint.treeSize).slice(0, LIMITS.evidence)
    const given = new Set(request.entries.map((e) => e.index))
    const missing = expected.filter((i) => !given.has(i))
    const extra = [...given].filter((i) => !expected.includes(i))
    const values = { expected: `entries ${list(expected)}`, found: `entries ${list([...given])}` }
    if (missing.length > 0)
      fail('completeness', `Entries counted by the log are missing: ${list(missing)}.`, missing, values)
    else if (extra.length > 0)
      fail('completeness', `Entries the log does not count: ${list(extra)}.`, extra, values)
    else pass('completeness', `All ${expected.length} counted entries are present.`)
  }

  // 9: consensus.
  let consensus: ConsensusSummary | null = null
  if (!done('entries')) skip('consensus', 'The entries could not be read.')
  else {
    consensus = tallyConsensus(entries)
    if (request.consensus && canonicalJson(request.consensus) !== canonicalJson(consensus)) {
      const d = firstDifference(consensus, request.consensus, 'consensus')
      fail(
        'consensus',
        `The claimed consensus differs from the recomputed one at ${d.path}: claimed ${d.found}, recomputed ${d.expected}.`,
        undefined,
        { expected: d.expected, found: d.found },
      )
    } else {
      pass(
        'consensus',
        `Recomputed: ${consensus.agreement}${consensus.leading ? `, leading ${consensus.leading.meaning}` : ''}.`,
      )
    }
  }

  const failed = steps.find((s) => s.status === 'failed')
  return {
    valid: !failed,
    failedStep: failed?.step ?? null,
    steps,
    checkpoint: checkpoint
      ? { origin: checkpoint.origin, treeSize: checkpoint.treeSize, rootHash: toBase64(checkpoint.rootHash) }
      : null,
    consensus,
  }
}

/**
 * The first place two JSON values differ, in key order, with both values there as JSON: a failed
 * consensus step names what differs (`consensus.leading.share: claimed 1, recomputed 0.6667`), never two
 * equal-looking summaries.
 */
function firstDifference(
  expected: unknown,
  found: unknown,
  path: string,
): { path: string; expected: string; found: string } {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
  if (isObject(expected) && isObject(found) && Array.isArray(expected) === Array.isArray(found)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort()
    for (const key of keys) {
      const a = expected[key]
      const b = found[key]
      if (canonicalJson(a ?? null) !== canonicalJson(b ?? null))
        return firstDifference(a, b, Array.isArray(expected) ? `${path}[${key}]` : `${path}.${key}`)
    }
  }
  return {
    path,
    expected: expected === undefined ? 'nothing' : canonicalJson(expected),
    found: found === undefined ? 'nothing' : canonicalJson(found),
  }
}
