/**
 * Step 1 of the observed-language guideline: prints an annotation file of proposed, unreviewed claims
 * (review and rights null) for the installed State of the Union addresses. A reviewer then completes step 2.
 */
import { GUIDELINE_ID, type AnnotationFile } from '../src/releases/datasets/observed-language/annotations'
import { PROCEDURE, proposeAnnotations } from './datasets/observed-language-candidates'
import { loadSpeeches } from '../src/releases/datasets/observed-language/node'

const { speeches, edition } = loadSpeeches()
const file: AnnotationFile = {
  guideline: GUIDELINE_ID,
  source: { registry: 'npm', package: edition.package, version: edition.version },
  procedure: PROCEDURE,
  passages: await proposeAnnotations(speeches),
}
process.stdout.write(`${JSON.stringify(file, null, 2)}\n`)
