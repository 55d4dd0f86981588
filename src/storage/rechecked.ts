/**
 * A release state that is checked again at most every `recheckMs`. Concurrent callers share the check in
 * flight, however long it takes (a first load can outlast the interval, and must not run twice); a settled
 * answer is reused until it is `recheckMs` old. A check that throws settles as `failed(err)`.
 */
export function rechecked<T>(
  recheckMs: number,
  check: () => Promise<T>,
  failed: (err: unknown) => T,
): () => Promise<T> {
  let settled: Promise<T> | null = null
  let inFlight: Promise<T> | null = null
  let checkedAt = 0
  return () => {
    if (inFlight) return inFlight
    if (settled && Date.now() - checkedAt < recheckMs) return settled
    checkedAt = Date.now()
    const running = check()
      .catch(failed)
      .then((next) => {
        settled = running
        inFlight = null
        return next
      })
    inFlight = running
    return running
  }
}
