/**
 * Builds every release the service serves into DATA_DIR when it is missing or fails verification.
 * Runs on `npm install` (postinstall) and on first start; `--force` rebuilds regardless. A release that
 * cannot be built (a source not installed) fails this command, except under `--postinstall`, where it is
 * reported and the install goes on: the service then answers 503 for that dataset and says why.
 */
import { loadConfig } from '../src/config'
import { ensureReleases } from '../src/releases/ensure-releases'

const config = loadConfig(process.env)
const force = process.argv.includes('--force')
const report = await ensureReleases(config, { force, log: (line) => console.log(line) })
if (!report.ok) {
  if (process.argv.includes('--postinstall')) {
    console.warn(
      'warning: some releases could not be built (see above); run npm run build:releases once fixed',
    )
  } else {
    process.exitCode = 1
  }
}
