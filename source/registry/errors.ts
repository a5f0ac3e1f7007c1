// One error type for everything the registry client reports, so the UI and the CLI can show
// a single line that names the thing, the reason and the fix, and can branch on `kind`.

export type RegistryErrorKind =
  'usage' | 'tls' | 'network' | 'auth' | 'not-found' | 'registry' | 'protocol' | 'credentials' | 'cancelled';

// The registry's own error entries ({errors:[{code,message,detail}]}), kept verbatim for display.
export interface RegistryErrorEntry {
  code: string;
  message: string;
  detail?: unknown;
}

// Finer cause for TLS failures, for callers that react to one (the UI, the http fallback).
export type RegistryErrorReason = 'unknown-ca' | 'expired' | 'wrong-name' | 'client-certificate' | 'plain-http';

export interface RegistryErrorOptions {
  host?: string;
  reason?: RegistryErrorReason;
  status?: number;
  registryErrors?: RegistryErrorEntry[];
  cause?: unknown;
}

export class RegistryError extends Error {
  readonly kind: RegistryErrorKind;
  readonly host?: string;
  readonly reason?: RegistryErrorReason;
  readonly status?: number;
  readonly registryErrors: RegistryErrorEntry[];

  constructor(kind: RegistryErrorKind, message: string, options: RegistryErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : {cause: options.cause});
    this.name = 'RegistryError';
    this.kind = kind;
    this.host = options.host;
    this.reason = options.reason;
    this.status = options.status;
    this.registryErrors = options.registryErrors ?? [];
  }

  hasCode(code: string): boolean {
    return this.registryErrors.some(entry => entry.code === code);
  }
}

// Builds the one-line message every error follows: "<thing>: <reason>. <fix>".
export function problem(thing: string, reason: string, fix?: string): string {
  const trimmed = reason.replace(/[.\s]+$/, '');
  return fix ? `${thing}: ${trimmed}. ${fix}` : `${thing}: ${trimmed}.`;
}

export function isAbortError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' || (error instanceof RegistryError && error.kind === 'cancelled'))
  );
}

export function cancelledError(host?: string): RegistryError {
  const error = new RegistryError('cancelled', 'listing cancelled', {host});
  return error;
}
