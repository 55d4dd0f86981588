/**
 * The dataset routes' paths, `/api/datasets` and everything under it. They are read-only (spec 4.3): the
 * composition root hands `isDatasetPath` to the shared HTTP middleware, whose preflight and 405 then allow
 * exactly GET, HEAD and OPTIONS there.
 */
const DATASET_PATHS = /^\/api\/datasets(?:\/|$)/

export function isDatasetPath(path: string): boolean {
  return DATASET_PATHS.test(path)
}
