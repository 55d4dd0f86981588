/**
 * Aspect: a past progressive (`was winning the contract`) says an event was under way, not that it was
 * completed, so it does not entail the simple past of the same verb (`won a contract`).
 */
import { refOf, type Rule } from './decision'
import { lowerAt } from './claim-parts'

const PAST_BE = new Set(['was', 'were'])

export const progressiveToCompleted: Rule = ({ excerpt, aligned, model, shift }) => {
  if (model !== 'follows') return null
  for (const p of aligned) {
    if (p.excerpt.partOfSpeech !== 'verb' || !p.excerpt.text.toLowerCase().endsWith('ing')) continue
    if (!PAST_BE.has(lowerAt(excerpt, p.excerpt.token - 1))) continue
    const claimed = p.claim.text.toLowerCase()
    if (claimed.endsWith('ing') || claimed === p.claim.lemma) continue
    return {
      relation: 'neither',
      rule: 'progressive',
      claim: refOf(p.claim, 0),
      excerpt: refOf(p.excerpt, shift),
      explanation: `"${lowerAt(excerpt, p.excerpt.token - 1)} ${p.excerpt.text}" says it was under way, not that it was done ("${p.claim.text}").`,
    }
  }
  return null
}
