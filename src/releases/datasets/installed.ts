/**
 * Node-only access to the sources the project installs: npm packages (through their own entry points, with
 * the exact installed version) and Debian packages (files under /usr/share, version from dpkg's status file).
 */
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

/** The installed version of an npm package, without loading it. */
export function npmEdition(name: string): Edition {
  try {
    const version = (require(`${name}/package.json`) as { version: string }).version
    return { registry: 'npm', package: name, version }
  } catch (err) {
    throw new MissingSourceError(`npm package ${name} is not installed (run npm install): ${String(err)}`)
  }
}

/** Loads an installed npm package by name and reports its installed version. */
export function npmPackage<T>(name: string): { value: T; edition: Edition } {
  const edition = npmEdition(name)
  return { value: require(name) as T, edition }
}

/** dpkg's record of the installed packages: reading it costs a few milliseconds, asking dpkg-query a spawn. */
const DPKG_STATUS = '/var/lib/dpkg/status'

/** The status file as read once in this process: each dataset's inputs name the same packages. */
let dpkgStatus: string | undefined

function readDpkgStatus(): string {
  if (dpkgStatus === undefined) {
    try {
      dpkgStatus = readFileSync(DPKG_STATUS, 'utf8')
    } catch {
      // No dpkg here: every package is reported missing.
      dpkgStatus = ''
    }
  }
  return dpkgStatus
}

/** The installed version of a Debian package, from dpkg's status file. */
export function debianVersion(name: string): string {
  for (const paragraph of readDpkgStatus().split('\n\n')) {
    if (!paragraph.includes(`Package: ${name}\n`)) continue
    const field = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(paragraph)?.[1]?.trim()
    if (field('Package') === name && field('Status')?.endsWith(' installed')) {
      const version = field('Version')
      if (version) return version
    }
  }
  throw new MissingSourceError(
    `Debian package ${name} is not installed (apt-get install ${name}; npm install does this; it is listed in debian-packages.txt)`,
  )
}

export function gcideEdition(): Edition {
  return { registry: 'debian', package: 'dict-gcide', version: debianVersion('dict-gcide') }
}

/** The dictd text of Debian's dict-gcide (a dictzip file, which gunzip reads). */
export function gcideText(): { text: string; edition: Edition } {
  const edition = gcideEdition()
  return { text: gunzipSync(readFileSync('/usr/share/dictd/gcide.dict.dz')).toString('utf8'), edition }
}
