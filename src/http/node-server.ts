/**
 * The Node HTTP server around the request listener, with what the app cannot answer itself: a time limit
 * for a whole request (headers and body), and answers in the shared error shape to requests Node handles
 * before any listener runs (`CONNECT`, malformed or timed-out requests). Without these Node closes a
 * `CONNECT` with no answer and keeps a slow body for 300 seconds.
 */
import { createServer, type RequestListener, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ErrorBody } from './errors'
import { API_CONTENT_SECURITY_POLICY, EVERY_ANSWER_HEADERS } from './middleware'
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id'

export type NodeServerOptions = {
  /** Most milliseconds a client may take to send a whole request, headers and body. */
  requestTimeoutMs: number
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
}

/** Writes one raw HTTP/1.1 answer with the shared error body on a socket and closes it. */
function answerOnSocket(
  socket: Duplex,
  error: { status: number; code: string; message: string; requestId: string },
  headers: Record<string, string> = {},
): void {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const body: ErrorBody = error
  const text = JSON.stringify(body)
  const lines = [
    `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? 'Error'}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Cache-Control: no-store',
    'Connection: close',
    `${REQUEST_ID_HEADER}: ${error.requestId}`,
    ...Object.entries({
      ...EVERY_ANSWER_HEADERS,
      'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
      ...headers,
    }).map(([name, value]) => `${name}: ${value}`),
  ]
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`)
}

/** The status Node's own parser and timers report for a client error, or null when there is no one to tell. */
function clientErrorStatus(err: NodeJS.ErrnoException): number | null {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408
    case 'HPE_HEADER_OVERFLOW':
      return 431
    case 'ECONNRESET':
      return null
    default:
      return 400
  }
}

export function createNodeServer(listener: RequestListener, options: NodeServerOptions): Server {
  const timeout = options.requestTimeoutMs
  const server = createServer(
    {
      requestTimeout: timeout,
      headersTimeout: timeout,
      // How often Node looks for requests past their limit; its default (30 s) would double a short limit.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(timeout / 4))),
    },
    listener,
  )
  server.on('connect', (request, socket) => {
    answerOnSocket(
      socket,
      {
        status: 405,
        code: 'method_not_allowed',
        message: 'CONNECT is not supported: this service is not a proxy.',
        requestId: acceptRequestId(request.headers['x-request-id'] as string | undefined),
      },
      { Allow: 'GET, HEAD, POST, OPTIONS' },
    )
  })
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    const status = clientErrorStatus(err)
    if (status === null) {
      socket.destroy()
      return
    }
    const message =
      status === 408
        ? `The request was not received within ${timeout / 1000} seconds.`
        : status === 431
          ? 'The request headers are too large.'
          : 'The request is not valid HTTP.'
    const code = status === 408 ? 'request_timeout' : status === 431 ? 'headers_too_large' : 'bad_request'
    answerOnSocket(socket, { status, code, message, requestId: acceptRequestId(undefined) })
  })
  return server
}
