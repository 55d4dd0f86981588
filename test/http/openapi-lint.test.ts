/**
 * The OpenAPI document is something clients build on: it passes Redocly's recommended rules with no error
 * and no warning (servers, security on every operation, operationIds, a 4xx answer everywhere), and
 * openapi-typescript turns it into types a strict TypeScript client compiles against. Both run offline on
 * the document the fully wired app serves.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { promisify } from 'node:util'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import ts from 'typescript'
import { loadConfig } from '../../src/config'
import { createNodeApp } from '../../src/node'

const require = createRequire(import.meta.url)
const REDOCLY = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js')

/** Redocly's recommended rules, as they are. */
const REDOCLY_CONFIG = `extends:
  - recommended
`

type LintReport = {
  totals: { errors: number; warnings: number }
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[]
}

/**
 * A client of the generated types: typed calls by operationId (a word lookup, a /v1/resolve request and
 * answer, the shared error body), and misuses the types must reject, so that types that collapsed to
 * `any` fail the check too.
 */
const CLIENT = `import type { components, operations, paths } from './openapi'

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never
type Ok<O extends keyof operations> = operations[O]['responses'] extends { 200: infer R } ? Json<R> : never
type Body<O extends keyof operations> = operations[O] extends { requestBody: infer B } ? Json<B> : never
type ErrorBody = components['schemas']['Error']

declare function call<O extends keyof operations>(
  operationId: O,
  parameters: operations[O]['parameters'],
  body?: Body<O>,
): Promise<Ok<O> | ErrorBody>

function explain(error: ErrorBody): string {
  const fields = (error.details ?? []).map((d) => d.path + ': ' + d.message).join('; ')
  return error.status + ' ' + error.code + ': ' + error.message + (fields ? ' (' + fields + ')' : '')
}

export async function define(word: string): Promise<string> {
  const answer = await call('getWord', { path: { word }, query: { sense: undefined } })
  if ('code' in answer) return explain(answer)
  const first = answer.meanings[0]
  return answer.word + ': ' + (first ? first.definition : '-') + ' [' + answer.attribution.source + ']'
}

export async function resolve(passage: string, target: string): Promise<string | null> {
  const request: Body<'resolveMeaning'> = { passage, target: { text: target }, maxCandidates: 3 }
  const answer = await call('resolveMeaning', {}, request)
  if ('code' in answer) return explain(answer)
  const ids: string[] = answer.candidates.map((c) => c.meaning + ' ' + c.share.toFixed(2))
  return answer.release + ' ' + (answer.word ?? '-') + ' ' + ids.join(',')
}

// The document's paths and its operations are the same types.
export const samePath: paths['/api/lexicon/words/{word}']['get'] = {} as operations['getWord']
// A lookup's 404 is the shared error body.
export const notFound: ErrorBody = {} as Json<operations['getWord']['responses'][404]>
// The keyed routes are there by name.
export type Observation = Body<'contributeObservation'>

// @ts-expect-error the passage is a string
export const wrongPassage: Body<'resolveMeaning'> = { passage: 42, target: { text: 'bank' } }
// @ts-expect-error a word lookup needs its path parameter
export const noWord: operations['getWord']['parameters'] = { query: {} }
// @ts-expect-error the error body has no field \`error\`
export const noSuchField = (e: ErrorBody) => e.error
// @ts-expect-error no such operation
export const noSuchOperation = () => call('getWords', {})
`

describe('OpenAPI document for clients', () => {
  let dir: string
  let documentFile: string
  let document: OpenAPI3

  before(async () => {
    const app = await createNodeApp(loadConfig({}))
    const text = await (await app.request('/openapi.json')).text()
    document = JSON.parse(text) as OpenAPI3
    dir = await mkdtemp(join(tmpdir(), 'openapi-client-'))
    documentFile = join(dir, 'openapi.json')
    await writeFile(documentFile, text)
  })

  after(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const config = join(dir, 'redocly.yaml')
    await writeFile(config, REDOCLY_CONFIG)
    const run = await promisify(execFile)(
      process.execPath,
      [REDOCLY, 'lint', documentFile, '--config', config, '--format', 'json'],
      {
        cwd: dir,
        // Offline and quiet: no telemetry, no check for a newer version.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr }))
    const report = JSON.parse(run.stdout) as LintReport
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    )
    assert.deepEqual(problems, [])
    assert.equal(report.totals.errors, 0)
    assert.equal(report.totals.warnings, 0)
  })

  it('generates types a strict TypeScript client compiles against', async () => {
    const types = astToString(await openapiTS(document))
    await writeFile(join(dir, 'openapi.d.ts'), types)
    const client = join(dir, 'client.ts')
    await writeFile(client, CLIENT)
    const program = ts.createProgram([client], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts'],
      types: [],
      // The generated declarations are checked too; the standard library is not.
      skipLibCheck: false,
      skipDefaultLibCheck: true,
    })
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file
        ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1} `
        : ''
      return where + ts.flattenDiagnosticMessageText(d.messageText, '\n')
    })
    assert.deepEqual(diagnostics, [])
  })
})
