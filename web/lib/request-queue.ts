/**
 * A queue that runs at most `limit` requests at once, in the order they were asked for, so a review of a
 * long argument asks for its second opinions a few at a time rather than all together. Cancelling drops
 * what has not started; what has started finishes, and its caller may ignore the answer.
 */
export type RequestQueue = {
  run: <T>(task: () => Promise<T>) => Promise<T>
  cancel: () => void
}

export class Cancelled extends Error {
  constructor() {
    super('cancelled')
  }
}

export function requestQueue(limit: number): RequestQueue {
  let running = 0
  let waiting: Array<{ start: () => void; drop: () => void }> = []
  const next = () => {
    while (running < limit && waiting.length > 0) waiting.shift()?.start()
  }
  return {
    run: <T>(task: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        waiting.push({
          start: () => {
            running++
            task()
              .then(resolve, reject)
              .finally(() => {
                running--
                next()
              })
          },
          drop: () => reject(new Cancelled()),
        })
        next()
      }),
    cancel: () => {
      const dropped = waiting
      waiting = []
      for (const item of dropped) item.drop()
    },
  }
}
