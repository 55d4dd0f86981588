/**
 * Where the user's selection lies in a rendered text, as UTF-16 offsets into that text: the text nodes of
 * the container are counted in document order, leaving out what the page added for screen readers
 * (`[data-skip]`), so the offsets index the string the container was drawn from.
 */

function countedNodes(container: Node): Text[] {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest('[data-skip]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  })
  const nodes: Text[] = []
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text)
  return nodes
}

function offsetOf(nodes: Text[], container: Node, node: Node, offset: number): number {
  const before = document.createRange()
  before.setStart(container, 0)
  before.setEnd(node, offset)
  let total = 0
  for (const text of nodes) {
    if (text === node) return total + offset
    // A text node that ends inside [container start, boundary] lies wholly before the boundary.
    if (before.comparePoint(text, text.data.length) > 0) break
    total += text.data.length
  }
  return total
}

/** The current selection inside `container`, or null when there is none there. */
export function selectionIn(container: HTMLElement): { start: number; end: number } | null {
  const selection = getSelection()
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null
  const range = selection.getRangeAt(0)
  if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) return null
  const nodes = countedNodes(container)
  const start = offsetOf(nodes, container, range.startContainer, range.startOffset)
  const end = offsetOf(nodes, container, range.endContainer, range.endOffset)
  return { start: Math.min(start, end), end: Math.max(start, end) }
}
