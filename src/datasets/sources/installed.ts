/**
 * Node-only access to the sources the project installs: npm packages (through their own entry points, with
 * the exact installed version) and Debian packages (files under /usr/share, version from dpkg).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gunzipSync } from 'node:zlib'
import type { Edition } from './literary-context/works'

const require = createRequire(import.meta.url)

export class MissingSourceError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MissingSourceError'
  }
}

/** Loads an installed npm package by name and reports its installed version. */
export function npmPackage<T>(name: string): { value: T; edition: Edition } {
  try {
    const version = (require(`${name}/package.json`) as { version: string }).version
    return { value: require(name) as T, edition: { registry: 'npm', package: name, version } }
  } catch (err) {
    throw new MissingSourceError(`npm package ${name} is not installed (run npm install): ${String(err)}`)
  }
}

/** The installed version of a Debian package, from dpkg. */
export function debianVersion(name: string): string {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', name], { encoding: 'utf8' }).trim()
  } catch {
    throw new MissingSourceError(
      `Debian package ${name} is not installed (apt-get install ${name}; it is listed in .ci/apt-packages)`,
    )
  }
}

/** The dictd text of Debian's dict-gcide (a dictzip file, which gunzip reads). */
export function gcideText(): { text: string; edition: Edition } {
  const version = debianVersion('dict-gcide')
  const text = gunzipSync(readFileSync('/usr/share/dictd/gcide.dict.dz')).toString('utf8')
  return { text, edition: { registry: 'debian', package: 'dict-gcide', version } }
}
