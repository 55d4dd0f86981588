/**
 * Command-line tools the tests use as real components (ffmpeg, jq, chromium). A test that needs one that is absent
 * fails at once with a message naming the tool and the command that installs it, rather than being
 * cancelled by a bare ENOENT; and the tool's Debian package must be in the project's one package list, so
 * `npm install` installs it for every new user as CI does.
 */
import { accessSync, constants, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { projectRoot } from '../../src/storage/project-root'

export const PACKAGE_LIST = 'debian-packages.txt'

/** The packages of debian-packages.txt. */
export function listedDebianPackages(): string[] {
  return readFileSync(join(projectRoot(), PACKAGE_LIST), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
}

/** Whether an executable named `tool` is on PATH. */
export function toolOnPath(tool: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((dir) => {
    if (!dir) return false
    try {
      accessSync(join(dir, tool), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/** Throws, naming the tool and how to install it, unless `tool` (from Debian `debianPackage`) is on PATH. */
export function requireTool(tool: string, debianPackage: string = tool, path?: string): void {
  if (!listedDebianPackages().includes(debianPackage)) {
    throw new Error(
      `${debianPackage} (for ${tool}) must be listed in ${PACKAGE_LIST}, so npm install installs it`,
    )
  }
  if (toolOnPath(tool, path)) return
  throw new Error(
    `${tool} is not installed and this test needs it: install it with "sudo apt-get install ${debianPackage}" ` +
      `(npm install does this when it can run apt-get; bash tools/install-debian-packages.sh retries it)`,
  )
}
