import type {Subject} from './response-errors.js';

export interface RequestOptions {
  scopes: string[];
  subject: Subject;
  headers?: Record<string, string>;
  // Small bodies only (a manifest): it is sent again after a 401.
  body?: string | Buffer;
  signal?: AbortSignal;
  maxBytes?: number;
  // Hand a 2xx body over unread (transport.ts HttpRequest.stream).
  stream?: boolean;
}
