/**
 * Opens the observation log once, on first use, and remembers why it could not be opened, so that the
 * routes answer 503 with a reason and readiness reports it (`observationLogReadiness` in routes.ts). A
 * failed open is retried after RETRY_MS.
 */
import type { ObservationLog } from './log/observation-log'

export type LogState = { status: 'ready'; log: ObservationLog } | { status: 'unavailable'; reason: string }

export type ObservationLogProvider = { current(): Promise<LogState> }

const RETRY_MS = 5_000

export function createLogProvider(open: () => Promise<ObservationLog>): ObservationLogProvider {
  let opening: Promise<LogState> | null = null
  let failedAt = 0
  return {
    current() {
      if (opening && !(failedAt > 0 && Date.now() - failedAt >= RETRY_MS)) return opening
      failedAt = 0
      opening = open().then(
        (log): LogState => ({ status: 'ready', log }),
        (err: unknown): LogState => {
          failedAt = Date.now()
          return { status: 'unavailable', reason: err instanceof Error ? err.message : String(err) }
        },
      )
      return opening
    },
  }
}
