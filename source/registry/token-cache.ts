// Bearer tokens keyed by (realm, service, scopes). Distribution's token spec: expires_in defaults
// to 60 s and is never less; regclient renews 5 s early (docs/registry-facts.md). Expiry is counted
// from when the token arrived here, not the server's issued_at, so clock skew cannot make a
// token look fresh for hours or stale at once.

export const MIN_TOKEN_LIFETIME_S = 60;
export const RENEW_BEFORE_EXPIRY_MS = 5_000;

export function tokenLifetimeMs(expiresIn: unknown): number {
  const seconds = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? expiresIn : MIN_TOKEN_LIFETIME_S;
  return Math.max(seconds, MIN_TOKEN_LIFETIME_S) * 1000;
}

export function tokenKey(realm: string, service: string | undefined, scopes: readonly string[]): string {
  return JSON.stringify([realm, service ?? '', [...new Set(scopes)].sort()]);
}

interface Entry {
  token: string;
  renewAt: number;
}

export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.renewAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.token;
  }

  set(key: string, token: string, expiresIn: unknown, receivedAt = this.now()): void {
    this.entries.set(key, {token, renewAt: receivedAt + tokenLifetimeMs(expiresIn) - RENEW_BEFORE_EXPIRY_MS});
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
