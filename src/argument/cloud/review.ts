/**
 * Cloud review (`model-assisted`): the payload is built, sent to the provider in one call, and the answer
 * is verified; only a verified answer becomes a review. Nothing of the request or the answer is kept.
 */
import type { Lexicon } from '../../lexicon/lexicon'
import type { UsageCatalog } from '../../usage/catalog'
import type { ArgumentInput } from '../schemas'
import { chatRequest } from './chat-request'
import type { Outcome } from './failures'
import type { ReviewPayload } from './payload'
import { callProvider } from './provider'
import type { ModelAssistedReview } from './schemas'
import type { ProviderSettings } from './setup'
import { verifyAnswer } from './verify'

export const CLOUD_REVIEW_NOTICES = [
  'This is an AI interpretation: a model read the texts of this request and can be wrong. Check every judgment against its citations.',
  'It performs no external verification: nothing beyond the texts of this request was consulted, and source URLs were neither fetched by the service nor visited by the model.',
  '`not-addressed` means the supplied sources do not bear on a claim; it is not a negative factual judgment.',
  'The service checked every quotation verbatim and computed its offsets (half-open UTF-16 ranges); a quotation that occurs more than once points to its first occurrence.',
  'The request was sent to the AI provider with provider-side storage disabled (store: false). That is not a zero-retention guarantee. The service itself keeps and logs nothing of it.',
] as const

export type CloudReviewRequest = {
  lexicon: Lexicon
  catalog: UsageCatalog
  input: ArgumentInput
  /** What is sent of the input (`buildPayload`, a reading of the lexicon the caller runs). */
  payload: ReviewPayload
  provider: ProviderSettings
  model: string
}

export async function reviewWithModel(request: CloudReviewRequest): Promise<Outcome<ModelAssistedReview>> {
  const { lexicon, catalog, input, payload, model } = request
  const answer = await callProvider(request.provider, {
    path: '/chat/completions',
    body: chatRequest(model, payload),
  })
  if (!answer.ok) return answer
  const verified = verifyAnswer(answer.value, input, payload)
  if (!verified.ok) return verified
  const fields: ModelAssistedReview['sent']['fields'] = ['text']
  if (input.context !== undefined) fields.push('context')
  if (input.reply !== undefined) fields.push('reply')
  if (input.sources.length > 0) fields.push('sources')
  return {
    ok: true,
    value: {
      mode: 'cloud',
      method: 'model-assisted',
      notices: [...CLOUD_REVIEW_NOTICES],
      model,
      lexicon: { release: lexicon.manifest.release },
      usage: { release: catalog.manifest.version },
      sent: {
        fields,
        sources: payload.sources.map(({ text: _text, ...attribution }) => attribution),
        dictionaryTerms: payload.dictionaryTerms,
        editorialNotes: payload.editorialNotes.map((n) => ({ id: n.id, title: n.title })),
      },
      ...verified.value,
    },
  }
}
