/**
 * The operator CLI (`npm run cli -- <command>`): dataset releases and bearer keys. Every command has
 * `--help`; errors go to stderr with exit code 1 (an operation failed) or 2 (a wrong command line).
 */
import { CliError, parseCommandArgs, type Command } from './cli/command'
import { keysCreateCommand, keysListCommand, keysRevokeCommand } from './cli/key-commands'
import { buildCommand, currentCommand, publishCommand, revokeCommand } from './cli/release-commands'

const COMMANDS: Command[] = [
  buildCommand,
  publishCommand,
  currentCommand,
  revokeCommand,
  keysCreateCommand,
  keysListCommand,
  keysRevokeCommand,
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
function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  for (const words of [2, 1]) {
    const name = argv.slice(0, words).join(' ')
    const command = COMMANDS.find((c) => c.name === name)
    if (command) return { command, rest: argv.slice(words) }
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
  const { command, rest } = found
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
