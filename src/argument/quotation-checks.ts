/**
 * The quotations of a field checked against the texts they may quote, each with where it was found and an
 * observation that never treats "not found" as "false".
 */
import type { AnalyzedField } from './document'
import type { FieldRef } from './field-ref'
import { PLACES_LISTED } from './limits'
import { oneByte } from './one-byte'
import { passage } from './passages'
import { checkQuotation, findQuotations, type QuoteTarget } from './quotes'
import type { Quotation } from './schemas'

export function checkQuotations(
  field: AnalyzedField,
  targets: AnalyzedField[],
  describe: (ref: FieldRef) => string,
): Quotation[] {
  const quoteTargets: QuoteTarget<FieldRef>[] = targets.map((t) => ({ ref: t.ref, text: t.text }))
  return findQuotations(field.text).map((range) => {
    const quote = oneByte(field.text.slice(range.start, range.end))
    const check = checkQuotation(quote, quoteTargets, PLACES_LISTED)
    const places = check.places.map((p) => passage(p.ref, p))
    const where = [...new Set(check.places.map((p) => describe(p.ref)))].join(', ')
    const searched =
      [...new Set(targets.map((t) => describe(t.ref)))].join(', ') || 'no text (none was supplied)'
    const observation = {
      verbatim: `Found verbatim in ${where} (${check.placesTotal} place${check.placesTotal === 1 ? '' : 's'}).`,
      normalized: `Found in ${where} once letter case, spacing, quote marks or dashes are set aside; not verbatim.`,
      'in-parts': `Its parts around the ellipsis appear in order in ${where}; read the omitted words there.`,
      'not-found': `Not found in ${searched}. That is not a finding that the quotation is false or misattributed: it may come from elsewhere.`,
    }[check.status]
    return {
      passage: passage(field.ref, range),
      quote,
      status: check.status,
      places,
      placesTotal: check.placesTotal,
      observation,
    }
  })
}
