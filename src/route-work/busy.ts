/** How the routes that run route work describe the 503 of a full queue (OpenAPI document, `GET /v1`). */
export const BUSY =
  'every worker thread is busy (on Workers: the isolate, which runs one such request at a time) and the queue of waiting requests is full (`busy`, with `Retry-After`).'
