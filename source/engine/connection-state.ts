import {errorMessage} from '../errors.js';
import type {EngineTarget} from './target.js';

// How the UI sees one engine's connection (the header, the engines view), and the words for a connection lost.
export type ConnectionState =
  | {status: 'connecting'; target: string}
  | {
      status: 'connected';
      target: string;
      engine: string;
      api: string;
      os: string;
      tls: string;
      context: string;
      unencrypted: boolean;
    }
  | {
      status: 'down';
      target: string;
      reason: string;
      retryAt: number;
      engine?: string;
      api?: string;
      os?: string;
      tls?: string;
      context?: string;
      unencrypted?: boolean;
    };

// A connection that worked and then broke: the engine stopped, crashed or restarted (or the network dropped).
// Refused and missing-socket errors say the engine is not there (yet); the rest of what connectEngine explains
// comes from the reconnect attempts.
export function describeLostConnection(url: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = errorMessage(error);
  if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up|^aborted$|premature close/i.test(message)) {
    return `engine ${url}: connection lost (${code ?? message}): the engine stopped or restarted, or the network dropped`;
  }
  // A request made just after the engine went away (a refresh racing the end of the event stream) is refused.
  if (code === 'ECONNREFUSED' || code === 'ENOENT') {
    return `engine ${url}: connection refused (${code}): the engine stopped or is restarting`;
  }
  return message;
}

export function tlsLabel(target: EngineTarget): string {
  if (target.kind === 'ssh') return 'ssh';
  if (target.kind === 'unix') return 'socket';
  if (!target.tls) return 'plain';
  return target.tls.verify ? 'TLS' : 'TLS no-verify';
}
