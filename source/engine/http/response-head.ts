// The status line and headers of an HTTP/1.1 answer, read from the raw bytes of a connection (raw-get.ts).

// An engine's answer head is a few hundred bytes; far more is not an engine.
export const MAX_HEAD_BYTES = 64 * 1024;

export type ResponseHead = {
  status: number;
  // Lower-cased names; a repeated header keeps its last value.
  headers: Map<string, string>;
  // How the body ends: chunked coding, a known length, or the connection closing.
  body: {kind: 'chunked'} | {kind: 'length'; length: number} | {kind: 'close'};
};

export class ResponseHeadError extends Error {
  constructor(reason: string) {
    super(`the engine's answer is not valid HTTP (${reason})`);
    this.name = 'ResponseHeadError';
  }
}

const END = Buffer.from('\r\n\r\n');

// Where the head ends in `bytes` (the index of the body's first byte), or -1 while it is incomplete.
export function headEnd(bytes: Buffer): number {
  const at = bytes.indexOf(END);
  if (at < 0) {
    if (bytes.length > MAX_HEAD_BYTES) throw new ResponseHeadError(`no end of headers in ${MAX_HEAD_BYTES} bytes`);
    return -1;
  }
  return at + END.length;
}

export function parseHead(text: string): ResponseHead {
  // (split gives at least one piece, so the status line is never the default.)
  const [statusLine = '', ...lines] = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine)?.[1];
  if (status === undefined) throw new ResponseHeadError(`status line ${JSON.stringify(statusLine.slice(0, 40))}`);
  const headers = new Map<string, string>();
  for (const line of lines) {
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new ResponseHeadError(`header line ${JSON.stringify(line.slice(0, 40))}`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return {status: Number(status), headers, body: bodyKind(headers)};
}

function bodyKind(headers: Map<string, string>): ResponseHead['body'] {
  const coding = headers.get('transfer-encoding');
  if (coding !== undefined) {
    if (coding.toLowerCase().split(',').pop()?.trim() === 'chunked') return {kind: 'chunked'};
    return {kind: 'close'};
  }
  const length = headers.get('content-length');
  if (length !== undefined) {
    if (!/^\d{1,15}$/.test(length))
      throw new ResponseHeadError(`content-length ${JSON.stringify(length.slice(0, 20))}`);
    return {kind: 'length', length: Number(length)};
  }
  return {kind: 'close'};
}
