import type { Socket } from 'node:net';

/** What Node's HTTP parser refused, in words a client can act on (its codes are llhttp's `HPE_*`). */
function reason(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers are too large' };
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_INVALID_HEADER_VALUE':
    case 'HPE_LF_EXPECTED':
    case 'HPE_CR_EXPECTED':
      return { status: 400, message: 'A request header holds a character headers may not contain (control characters such as NUL, or a malformed line)' };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { status: 400, message: 'The Content-Length header is not a single number, or is sent together with Transfer-Encoding' };
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CHUNK_SIZE':
      return { status: 400, message: 'The Transfer-Encoding header or a chunk of the body is malformed' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, message: 'The request method is not a valid HTTP method' };
    case 'HPE_INVALID_URL':
      return { status: 400, message: 'The request URL is malformed' };
    case 'HPE_INVALID_VERSION':
      return { status: 400, message: 'The HTTP version of the request line is malformed' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request was not received in time (its body is shorter than its Content-Length?)' };
    default:
      return { status: 400, message: `The request is malformed${code ? ` (${code})` : ''}` };
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses never reaches a route, and the
 * default answer says only "Client Error". This one names what was wrong (a header, the length,
 * the encoding), in the JSON shape of every other refusal, then closes the connection, whose
 * remaining bytes can no longer be trusted to start a request.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = reason(err.code);
  const body = JSON.stringify({ failed: true, code: 'error.request.malformed', message, type: 'error' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
