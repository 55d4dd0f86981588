/** Validates records against a dataset's published JSON Schema (draft 2020-12) with Ajv, for the tests. */
import { Ajv2020 } from 'ajv/dist/2020'

/** Returns the first few validation errors of each failing record, or an empty list when all conform. */
export function schemaViolations(schema: Record<string, unknown>, records: readonly unknown[]): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true, validateFormats: false })
  const validate = ajv.compile(schema)
  const out: string[] = []
  records.forEach((record, i) => {
    if (out.length < 10 && !validate(record)) out.push(`records[${i}]: ${ajv.errorsText(validate.errors)}`)
  })
  return out
}
