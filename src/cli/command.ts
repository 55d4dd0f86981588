/**
 * The shape of an operator command and the few helpers every command shares: parsing its arguments
 * strictly (an unknown option is an error, not ignored), finding DATA_DIR, and failing with a clear message.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { loadConfig, type ServiceConfig } from '../config'

export type Options = NonNullable<ParseArgsConfig['options']>

export type Command = {
  name: string
  /** The full `--help` text: synopsis, what it does, every option. */
  help: string
  options: Options
  run(args: ParsedArgs): Promise<void>
}

export type ParsedArgs = {
  values: Record<string, string | boolean | undefined>
  positionals: string[]
}

/** A failure the operator can act on; exit code 1, or 2 for a wrong command line. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, 2)
}

export const DATA_DIR_OPTION: Options = { 'data-dir': { type: 'string' } }
export const DATA_DIR_HELP =
  '  --data-dir DIR    the service data directory (default: $DATA_DIR, else ./data)'

export function parseCommandArgs(command: Command, argv: string[]): ParsedArgs {
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    })
    return { values: parsed.values as ParsedArgs['values'], positionals: parsed.positionals }
  } catch (err) {
    throw usageError((err as Error).message)
  }
}

export function dataConfig(args: ParsedArgs): ServiceConfig {
  const dataDir = stringOption(args, 'data-dir')
  return loadConfig({ ...process.env, ...(dataDir ? { DATA_DIR: dataDir } : {}) })
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name]
  return typeof value === 'string' ? value : undefined
}

export function requiredOption(args: ParsedArgs, name: string): string {
  const value = stringOption(args, name)
  if (value === undefined || value === '') throw usageError(`--${name} is required`)
  return value
}

export function onePositional(args: ParsedArgs, what: string): string {
  if (args.positionals.length !== 1) throw usageError(`expected exactly one ${what}`)
  return args.positionals[0] as string
}
