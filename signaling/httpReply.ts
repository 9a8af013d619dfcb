import type { IncomingMessage, ServerResponse } from 'node:http';

/** Ends res with a short text body (no body for HEAD); headers add to or override the defaults. */
export function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  send(req, res, status, Buffer.from(text, 'utf8'), {
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  });
}

/** Ends res with value as JSON that caches must revalidate (no body for HEAD); headers add to or override those. */
export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(req, res, status, Buffer.from(JSON.stringify(value), 'utf8'), {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...headers,
  });
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Buffer,
  headers: Record<string, string>,
): void {
  res.writeHead(status, { 'X-Content-Type-Options': 'nosniff', ...headers, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}
