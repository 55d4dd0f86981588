/**
 * The Node server's start and stop as an operator meets them: a failure to listen said in one line naming
 * the address and what to do, and a stop on SIGTERM or SIGINT that lets the requests under way finish for
 * at most a deadline, then closes their connections (a client that stops reading a download must not keep
 * the process alive); a second signal exits at once.
 */
import type { Server } from 'node:http'

/** Exit status of a start that failed for a reason the operator can fix (configuration: 2). */
const START_FAILED = 1

/** Says why the service cannot start, on stderr, and exits. */
export function startFailed(problem: string): never {
  console.error(`lexicon-service cannot start: ${problem}`)
  process.exit(START_FAILED)
}

/** What a failure to listen on HOST:PORT means and what to do about it. */
export function listenProblem(err: NodeJS.ErrnoException, address: { HOST: string; PORT: number }): string {
  const at = `${address.HOST}:${address.PORT}`
  switch (err.code) {
    case 'EADDRINUSE':
      return `port ${address.PORT} on ${address.HOST} is in use by another process: stop it, or set PORT to a free port`
    case 'EACCES':
      return `this user may not listen on ${at} (ports below 1024 need privileges): set PORT to 1024 or above`
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${address.HOST} is not an address of this machine: set HOST to one (127.0.0.1, or 0.0.0.0 for every interface)`
    default:
      return `cannot listen on ${at}: ${err.message}`
  }
}

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const

/**
 * Stops the server on SIGTERM or SIGINT: no new connections, idle ones closed, and the process exits when
 * the last request has finished, or after `deadlineMs` with every connection still open destroyed. A second
 * signal exits at once, with the status of a process ended by that signal.
 */
export function stopOnSignals(server: Server, deadlineMs: number): void {
  let stopping = false
  const stop = (signal: keyof typeof SIGNAL_NUMBERS) => {
    if (stopping) {
      console.log(`${signal} again: exiting now`)
      process.exit(128 + SIGNAL_NUMBERS[signal])
    }
    stopping = true
    console.log(
      `${signal}: finishing the requests under way, for at most ${deadlineMs} ms (send it again to exit now)`,
    )
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => {
      console.log(`shutdown deadline of ${deadlineMs} ms passed: closing the connections still open`)
      server.closeAllConnections()
      process.exit(0)
    }, deadlineMs).unref()
  }
  for (const signal of Object.keys(SIGNAL_NUMBERS) as Array<keyof typeof SIGNAL_NUMBERS>) {
    process.on(signal, () => stop(signal))
  }
}
