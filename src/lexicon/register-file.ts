/**
 * The register release file (`register.json`, held whole on every runtime): every marked sense's register
 * labels by meaning ID, computed when the release is built (src/lexicon/register.ts), so a word record reads
 * its labels with one lookup. A JSON object, keys in code-unit order: `{"twat%1:18:00::": ["vulgar", "slang"]}`.
 */
import type { CompiledWordnet, SenseRow, SynsetRow } from './compile'
import type { Lexicon } from './lexicon'
import { computeRegisters, RegisterSchema, type Register, type RegisterSynset } from './register'

export const REGISTER_FILE = 'register.json'

/** The release file: the registers of every sense of the compiled synsets that has one. */
export function registerFile(
  synsets: readonly SynsetRow[],
  wordnet: CompiledWordnet,
  profanity: ReadonlySet<string>,
): Uint8Array {
  const sense = (index: number) => wordnet.senses[index] as SenseRow
  const registerSynsets = synsets.map(
    ([, , , definition, , senseIds, firstPointer, pointerCount]): RegisterSynset => ({
      definition,
      senses: senseIds.map((s) => ({ key: sense(s)[0], written: sense(s)[1] })),
      usageDomains: wordnet.pointers
        .slice(firstPointer, firstPointer + pointerCount)
        .filter(([symbol]) => symbol === ';u')
        .map(([, target, source]) => ({
          domainWords: (synsets[target] as SynsetRow)[5].map((s) => sense(s)[1]),
          sourceKey: source === -1 ? null : sense(source)[0],
        })),
    }),
  )
  const registers = computeRegisters(registerSynsets, profanity)
  return new TextEncoder().encode(JSON.stringify(Object.fromEntries(registers)))
}

const KNOWN_REGISTERS: ReadonlySet<string> = new Set(RegisterSchema.options)

type RegisterTable = ReadonlyMap<string, Register[]>

/** The file's table, or why it is not a register file this service reads; checked by hand, at every start-up. */
function readTable(bytes: Uint8Array): RegisterTable | string {
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return 'the register file is not JSON'
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'the register file does not match its schema'
  const table = new Map<string, Register[]>()
  for (const [meaningId, registers] of Object.entries(parsed)) {
    const nonEmpty = Array.isArray(registers) && registers.length > 0
    if (!nonEmpty || !registers.every((r) => typeof r === 'string' && KNOWN_REGISTERS.has(r)))
      return 'the register file does not match its schema'
    table.set(meaningId, registers as Register[])
  }
  return table
}

const tables = new WeakMap<Uint8Array, RegisterTable | string>()

function tableOf(bytes: Uint8Array): RegisterTable | string {
  let table = tables.get(bytes)
  if (table === undefined) {
    table = readTable(bytes)
    tables.set(bytes, table)
  }
  return table
}

/** Why the bytes are not a register file this service reads, or null when they are. */
export function registerFileProblem(bytes: Uint8Array): string | null {
  const table = tableOf(bytes)
  return typeof table === 'string' ? table : null
}

/** The registers of a meaning ID in a lexicon's release (the loader checked its register file). */
export function registersOf(lexicon: Lexicon): (meaningId: string) => Register[] {
  const bytes = lexicon.wholeCompanions[REGISTER_FILE]
  if (!bytes) throw new Error(`the lexicon release ${lexicon.manifest.release} has no ${REGISTER_FILE}`)
  const table = tableOf(bytes)
  if (typeof table === 'string') throw new Error(table)
  return (meaningId) => table.get(meaningId) ?? []
}
