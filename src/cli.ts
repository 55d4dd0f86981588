/**
 * The operator CLI (`npm run cli -- <command>`): dataset releases and bearer keys. Every command has
 * `--help`; errors go to stderr with exit code 1 (an operation failed) or 2 (a wrong command line).
 */
import { CliError, parseCommandArgs, type Command } from './cli/command'

/** Every command, loaded only when it runs, so that `keys` does not load the release builder. */
type Entry = { name: string; summary: string; load: () => Promise<Command> }

const releases = () => import('./cli/release-commands')
const keys = () => import('./cli/key-commands')

const COMMANDS: Entry[] = [
  {
    name: 'build',
    summary: 'build a release from a records JSONL file and source terms into a directory',
    load: async () => (await releases()).buildCommand,
  },
  {
    name: 'publish',
    summary: 'publish a built release directory as the current release',
    load: async () => (await releases()).publishCommand,
  },
  {
    name: 'current',
    summary: 'show the current release of each dataset (or one) and verify its files',
    load: async () => (await releases()).currentCommand,
  },
  {
    name: 'revoke',
    summary: 'withdraw the current release of a dataset',
    load: async () => (await releases()).revokeCommand,
  },
  {
    name: 'keys create',
    summary: 'create a bearer key; prints the secret once',
    load: async () => (await keys()).keysCreateCommand,
  },
  {
    name: 'keys list',
    summary: 'list keys: digest, scopes, expiry, active',
    load: async () => (await keys()).keysListCommand,
  },
  {
    name: 'keys revoke',
    summary: 'revoke a key by its digest (or a unique prefix of at least 8 characters)',
    load: async () => (await keys()).keysRevokeCommand,
  },
]

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  return [
    'Usage: npm run cli -- <command> [options]   (each command takes --help)',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
  ].join('\n')
}

/** The command named by the first one or two words of argv, and the arguments after them. */
function findCommand(argv: string[]): { entry: Entry; rest: string[] } | null {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ')
    const entry = COMMANDS.find((c) => c.name === name)
    if (entry) return { entry, rest: argv.slice(words) }
  }
  return null
}

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    console.log(overview())
    return argv.length === 0 ? 2 : 0
  }
  const found = findCommand(argv)
  if (!found) {
    console.error(`error: unknown command "${argv.slice(0, 2).join(' ')}"\n\n${overview()}`)
    return 2
  }
  const command = await found.entry.load()
  const { rest } = found
  try {
    const args = parseCommandArgs(command, rest)
    if (args.values.help) {
      console.log(command.help)
      return 0
    }
    await command.run(args)
    return 0
  } catch (err) {
    if (!(err instanceof CliError)) throw err
    console.error(`error: ${err.message}`)
    if (err.exitCode === 2) console.error(`See: npm run cli -- ${command.name} --help`)
    return err.exitCode
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2))
