/** A POST through node:http with full control over how the body goes out, for request-size bounds. */
import { request } from 'node:http'

/**
 * Posts `body` through node:http, with Content-Length or chunked in pieces. With `sendOnly`, only that
 * many bytes are sent and the request is left open while the answer is awaited: a server that refuses by the
 * announced size, or once it has read past its bound, answers without reading on, and a client still writing
 * to a socket the server has closed could lose that answer to a reset.
 */
export function rawPost(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  options: { chunked?: boolean; sendOnly?: number; piece?: number } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const piece = options.piece ?? 256 * 1024
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: options.chunked
          ? { ...headers, 'Transfer-Encoding': 'chunked' }
          : { ...headers, 'Content-Length': String(body.length) },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text })
          if (options.sendOnly !== undefined) req.destroy()
        })
      },
    )
    // Once the server has answered 413 it stops reading; a broken pipe after that is expected.
    req.on('error', (err) => (req.writableEnded || options.sendOnly !== undefined ? undefined : reject(err)))
    const end = options.sendOnly ?? body.length
    let sent = 0
    const write = () => {
      while (sent < end) {
        const next = body.subarray(sent, Math.min(sent + piece, end))
        sent += next.length
        if (!req.write(next)) return void req.once('drain', write)
      }
      if (options.sendOnly === undefined) req.end()
    }
    write()
  })
}
