/**
 * `npm run layers`: the import graph of src/ between top-level folders (a folder is `src/<name>/`; a file
 * at src/ root, such as src/app.ts or src/config.ts, is its own node), found by dependency-cruiser with the
 * project's configuration (.dependency-cruiser.js, type-only imports included), and its import cycles: the
 * strongly connected components of more than one node. Prints each edge with its number of imports, then
 * each cycle with the imports that make it; exits 1 when there is a cycle.
 *
 * `npm run layers -- --edges` lists the importing and imported files of every edge.
 */
import { cruise } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'

const showEdges = process.argv.includes('--edges')

/** The node of a module: its top-level folder of src/, or the root file's name; null outside src/. */
function nodeOf(path: string): string | null {
  const match = /^src\/([^/]+?)(?:\.ts)?(?:\/|$)/.exec(path)
  return match ? (match[1] ?? null) : null
}

const options = await extractDepcruiseOptions('./.dependency-cruiser.js')
const result = await cruise(
  ['src'],
  { ...options, validate: false },
  {},
  { tsConfig: extractTSConfig('tsconfig.json') },
)
if (typeof result.output === 'string') throw new Error('dependency-cruiser gave no module list')

/** from → to → the imports (`importer => imported`) between them. */
const edges = new Map<string, Map<string, string[]>>()
for (const module of result.output.modules) {
  const from = nodeOf(module.source)
  if (!from) continue
  for (const dependency of module.dependencies) {
    const to = nodeOf(dependency.resolved)
    if (!to || to === from) continue
    const targets = edges.get(from) ?? new Map<string, string[]>()
    edges.set(from, targets)
    const imports = targets.get(to) ?? []
    targets.set(to, imports)
    imports.push(`${module.source} => ${dependency.resolved}`)
  }
}

const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t.keys()])])].sort()

/** Tarjan's strongly connected components. */
function components(): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  function visit(node: string): void {
    index.set(node, next)
    low.set(node, next)
    next++
    stack.push(node)
    onStack.add(node)
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!))
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      found.push(component.sort())
    }
  }
  for (const node of nodes) if (!index.has(node)) visit(node)
  return found
}

console.log('Imports between top-level folders of src/ (a root file is its own node):')
for (const from of nodes) {
  for (const [to, imports] of [...(edges.get(from) ?? [])].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${from} -> ${to} (${imports.length})`)
    if (showEdges) for (const line of imports) console.log(`      ${line}`)
  }
}

const cycles = components().filter((c) => c.length > 1)
console.log(`\n${cycles.length} import cycle${cycles.length === 1 ? '' : 's'} between top-level folders.`)
for (const [i, cycle] of cycles.entries()) {
  console.log(`\nCycle ${i + 1}: ${cycle.join(', ')}`)
  for (const from of cycle) {
    for (const [to, imports] of edges.get(from) ?? []) {
      if (!cycle.includes(to)) continue
      console.log(`  ${from} -> ${to}: ${imports.slice(0, 3).join(', ')}${imports.length > 3 ? ', …' : ''}`)
    }
  }
}
process.exitCode = cycles.length > 0 ? 1 : 0
