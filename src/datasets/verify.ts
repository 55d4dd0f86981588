/**
 * How anyone recomputes a release version from what they downloaded, with jq and sha256sum (both Debian
 * packages): the version is the SHA-256 of the RFC 8785 canonical JSON of exactly {records, schema,
 * sourceTerms, status}, the records as the JSONL holds them without `releaseSource` (src/datasets/build.ts).
 * jq -S sorts every object's keys and -c -j print it without whitespace or a final newline, which is the
 * canonical form for this data: text, and integers below 10^17 (jq 1.6 writes larger or very small numbers
 * in exponent form, which RFC 8785 does not). The command runs in the folder that holds the download saved
 * as records.jsonl and the manifest saved as manifest.json; it prints the version (and "-").
 */
export const VERIFY_COMMAND =
  "jq -scjS --slurpfile m manifest.json '{records: map(del(.releaseSource)), schema: $m[0].schema, sourceTerms: $m[0].sourceTerms, status: $m[0].status}' records.jsonl | sha256sum"
