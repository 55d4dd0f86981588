/**
 * A real HTTP server on loopback that speaks the AI provider's wire format (OpenAI chat completions and
 * audio transcriptions), started by the tests because the provider itself is out of reach. It records
 * every request exactly as received and answers as the test says: a status and body, a raw body, a body
 * larger than any answer, or no answer at all (to run past the service's time limit).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ProviderCall = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export type ProviderReply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; raw: string | Buffer; headers?: Record<string, string> }
  | { hang: true }

export type FakeProvider = {
  /** Origin of the server, e.g. http://127.0.0.1:PORT. */
  url: string
  /** What the service is configured with: the origin plus `/v1`, as the real API. */
  baseUrl: string
  calls: ProviderCall[]
  /** How the next requests are answered; tests replace it. */
  reply: (call: ProviderCall) => ProviderReply
  close: () => Promise<void>
}

function send(res: ServerResponse, reply: ProviderReply): void {
  if ('hang' in reply) return
  const body = 'json' in reply ? JSON.stringify(reply.json) : reply.raw
  res.writeHead(reply.status ?? 200, {
    'Content-Type': 'json' in reply ? 'application/json' : 'text/plain',
    ...reply.headers,
  })
  res.end(body)
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const provider: FakeProvider = {
    url: '',
    baseUrl: '',
    calls: [],
    reply: () => ({ status: 500, json: { error: { message: 'no reply set' } } }),
    close: async () => {},
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const call: ProviderCall = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      }
      provider.calls.push(call)
      send(res, provider.reply(call))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  provider.url = `http://127.0.0.1:${port}`
  provider.baseUrl = `${provider.url}/v1`
  provider.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  return provider
}

/** A chat completion carrying `content` (the answer as JSON text unless a string is given). */
export function completion(
  answer: unknown,
  options: { finishReason?: string | null; refusal?: string } = {},
): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_800_000_000,
    model: 'test-review-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: options.refusal ? null : typeof answer === 'string' ? answer : JSON.stringify(answer),
          refusal: options.refusal ?? null,
        },
        finish_reason: options.finishReason === undefined ? 'stop' : options.finishReason,
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }
}

/** The JSON body of a recorded call. */
export function jsonBody(call: ProviderCall): Record<string, unknown> {
  return JSON.parse(call.body.toString('utf8')) as Record<string, unknown>
}

/** The multipart form of a recorded call, parsed by the platform's own parser. */
export function formBody(call: ProviderCall): Promise<FormData> {
  return new Response(new Uint8Array(call.body), {
    headers: { 'Content-Type': String(call.headers['content-type']) },
  }).formData()
}
