/**
 * MLCommons Croissant 1.0 metadata (JSON-LD) of one release, derived from its manifest alone: the dataset's
 * name, summary, license and attribution, the two downloadable files (JSONL and Parquet) with their SHA-256
 * and version-pinned content URLs, and one record set per file whose fields are the Parquet columns. The
 * URLs are absolute, built on the origin the request came to, so a Croissant reader fetches the same
 * release it describes (a newer release makes them answer 409, as the version pin does everywhere).
 */
import type { DatasetFile, DatasetManifest, ParquetColumnType } from './schemas'

export const CROISSANT_CONFORMS_TO = 'http://mlcommons.org/croissant/1.0'

/** The JSON-LD context of Croissant 1.0, as its specification gives it. */
const CONTEXT = {
  '@language': 'en',
  '@vocab': 'https://schema.org/',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  cr: 'http://mlcommons.org/croissant/',
  rai: 'http://mlcommons.org/croissant/RAI/',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  dct: 'http://purl.org/dc/terms/',
  examples: { '@id': 'cr:examples', '@type': '@json' },
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  path: 'cr:path',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  repeated: 'cr:repeated',
  replace: 'cr:replace',
  sc: 'https://schema.org/',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
}

/** The encoding formats Croissant readers (mlcroissant) recognise for these files. */
const ENCODING_FORMATS: Record<'records' | 'parquet', string> = {
  records: 'application/jsonlines',
  parquet: 'application/x-parquet',
}

/** A JSON column holds canonical JSON text in Parquet (an object, array or mixed value in the JSONL). */
const DATA_TYPES: Record<ParquetColumnType, string> = {
  STRING: 'sc:Text',
  INT64: 'sc:Integer',
  DOUBLE: 'sc:Float',
  BOOLEAN: 'sc:Boolean',
  JSON: 'sc:Text',
}

const FIELD_DESCRIPTIONS: Record<ParquetColumnType, string> = {
  STRING: 'Text.',
  INT64: 'An integer.',
  DOUBLE: 'A number.',
  BOOLEAN: 'True or false.',
  JSON: 'A structured value: JSON in the JSONL, canonical JSON text in the Parquet column.',
}

export type CroissantFileObject = {
  '@type': 'cr:FileObject'
  '@id': string
  name: string
  description: string
  contentUrl: string
  contentSize: string
  encodingFormat: string
  sha256: string
}

export type Croissant = {
  '@context': typeof CONTEXT
  '@type': 'sc:Dataset'
  conformsTo: string
  name: string
  description: string
  license: string
  url: string
  identifier: string
  citeAs: string
  isLiveDataset: false
  distribution: CroissantFileObject[]
  recordSet: Array<{
    '@type': 'cr:RecordSet'
    '@id': string
    name: string
    description: string
    key?: { '@id': string }
    field: Array<{
      '@type': 'cr:Field'
      '@id': string
      name: string
      description: string
      dataType: string
      source: { fileObject: { '@id': string }; extract: { column: string } }
    }>
  }>
}

/** The Croissant metadata of `manifest`'s release, its URLs on `origin` (for example https://host). */
export function croissantOf(manifest: DatasetManifest, origin: string): Croissant {
  const { dataset, version, sourceTerms } = manifest
  const base = `${origin}/api/datasets/${dataset}`
  const pin = `?version=${version}`
  const files: Array<{ role: 'records' | 'parquet'; set: string; url: string; file: DatasetFile }> = []
  for (const file of manifest.files) {
    if (file.role === 'records')
      files.push({ role: 'records', set: 'jsonl', url: `${base}/download${pin}`, file })
    if (file.role === 'parquet')
      files.push({ role: 'parquet', set: 'parquet', url: `${base}/parquet${pin}`, file })
  }
  const columns = manifest.files.find((f) => f.role === 'parquet')?.columns ?? []
  return {
    '@context': CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: CROISSANT_CONFORMS_TO,
    name: dataset,
    description: `${sourceTerms.title}. ${sourceTerms.summary} Release ${version}; every JSONL record carries its attribution as releaseSource, which the Parquet file holds once in its key-value metadata.`,
    license: sourceTerms.license,
    url: `${base}${pin}`,
    identifier: `sha256:${version}`,
    citeAs: sourceTerms.attribution,
    isLiveDataset: false,
    distribution: files.map(({ role, url, file }) => ({
      '@type': 'cr:FileObject',
      '@id': file.path,
      name: file.path,
      description:
        role === 'records'
          ? 'One record a line, canonical JSON, each with releaseSource.'
          : 'One column per record field; releaseSource in the file key-value metadata.',
      contentUrl: url,
      contentSize: `${file.bytes} B`,
      encodingFormat: ENCODING_FORMATS[role],
      sha256: file.sha256,
    })),
    recordSet: files.map(({ set, file }) => ({
      '@type': 'cr:RecordSet',
      '@id': set,
      name: set,
      description: `The records of ${file.path}.`,
      ...(columns.some((c) => c.name === 'id') ? { key: { '@id': `${set}/id` } } : {}),
      field: columns.map((column) => ({
        '@type': 'cr:Field',
        '@id': `${set}/${column.name}`,
        name: column.name,
        description: FIELD_DESCRIPTIONS[column.type],
        dataType: DATA_TYPES[column.type],
        source: { fileObject: { '@id': file.path }, extract: { column: column.name } },
      })),
    })),
  }
}
