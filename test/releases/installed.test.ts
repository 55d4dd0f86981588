/** Debian package versions, read from dpkg's status file, agree with what dpkg-query reports. */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { test } from 'node:test'
import { debianVersion, MissingSourceError } from '../../src/releases/datasets/installed'

test('the version of an installed Debian package is the one dpkg-query reports', () => {
  for (const name of ['dict-gcide', 'libc6']) {
    const expected = execFileSync('dpkg-query', ['-W', '-f=${Version}', name], { encoding: 'utf8' }).trim()
    assert.equal(debianVersion(name), expected)
  }
})

test('a package that is not installed is a missing source, named with how to install it', () => {
  assert.throws(
    () => debianVersion('lexicon-service-no-such-package'),
    (err: unknown) =>
      err instanceof MissingSourceError &&
      /apt-get install lexicon-service-no-such-package/.test(err.message),
  )
})
