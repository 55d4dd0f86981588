/**
 * Builds every release the service serves into DATA_DIR when it is missing or fails verification.
 * Runs on `npm install` (postinstall) and on first start; `--force` rebuilds regardless.
 */
import { loadConfig } from '../src/config'
import { ensureReleases } from '../src/build/ensure-releases'

const config = loadConfig(process.env)
const force = process.argv.includes('--force')
const report = await ensureReleases(config, { force, log: (line) => console.log(line) })
if (!report.ok) process.exitCode = 1
