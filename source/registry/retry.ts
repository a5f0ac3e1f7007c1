import {cancelledError} from './errors.js';

// 429 and 5xx answers are retried a few times before they are reported: registries behind load balancers and
// Docker Hub's rate limiter answer them briefly and then recover.
export interface RetryPolicy {
  // Retries after the first try (so retries + 1 requests at most).
  retries: number;
  // The first wait without a Retry-After; each later one doubles.
  backoffMs: number;
  // The longest wait berth sits through: a Retry-After beyond it is reported at once, not waited for.
  maxWaitMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {retries: 3, backoffMs: 500, maxWaitMs: 30_000};

// What the UI shows while berth waits: "registry.example: HTTP 429, retrying in 4 s (2 of 3)".
export interface RetryWait {
  host: string;
  method: string;
  path: string;
  status: number;
  // 1-based number of the retry about to happen, and how many there can be.
  retry: number;
  retries: number;
  waitMs: number;
  // The wait came from the registry's Retry-After header.
  retryAfter: boolean;
}

// 501 (not implemented) and 505 will not change by asking again; only idempotent requests are repeated (a
// token POST could consume a one-time code).
export function isRetryable(method: string, status: number): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

// Retry-After is delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when absent or unreadable.
export function retryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Date.parse accepts much more than an HTTP date; a weekday-comma form is required so "5 minutes" is not a date.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

// The wait before retry `retry` (1-based), or undefined when berth should stop and report.
export function retryDelay(policy: RetryPolicy, retry: number, retryAfter: number | undefined): number | undefined {
  if (retry > policy.retries) return undefined;
  if (retryAfter !== undefined) return retryAfter <= policy.maxWaitMs ? retryAfter : undefined;
  return Math.min(policy.backoffMs * 2 ** (retry - 1), policy.maxWaitMs);
}

export function sleep(ms: number, host: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError(host));
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError(host));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, {once: true});
  });
}

// One line for the wait: "registry 127.0.0.1:5000 answered HTTP 503 to GET /v2/_catalog; retry 1 of 3 in 1 s".
export function describeRetryWait(wait: RetryWait): string {
  const seconds = wait.waitMs < 1000 ? `${wait.waitMs} ms` : `${Math.ceil(wait.waitMs / 1000)} s`;
  const why = wait.retryAfter ? ' (as its Retry-After asks)' : '';
  return `registry ${wait.host} answered HTTP ${wait.status} to ${wait.method} ${wait.path.split('?')[0]}; retry ${wait.retry} of ${wait.retries} in ${seconds}${why}`;
}
