import type {RegistryErrorEntry} from './errors.js';

// Registries answer 4xx with {errors:[{code,message,detail}]} (distribution-spec "Error Codes"),
// but proxies in front of them answer HTML or text, so anything else yields no entries.
export function parseRegistryErrors(body: string): RegistryErrorEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  if (!parsed || typeof parsed !== 'object') return [];
  const list = (parsed as {errors?: unknown}).errors;
  if (!Array.isArray(list)) return [];
  const entries: RegistryErrorEntry[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const {code, message, detail} = item as Record<string, unknown>;
    entries.push({
      code: typeof code === 'string' ? code : 'UNKNOWN',
      message: typeof message === 'string' ? message : '',
      detail,
    });
  }
  return entries;
}

const MAX_DETAIL_CHARS = 160;

// Renders entries the way the registry worded them; small details (like {"n":2000}) help the
// reader, large ones (full access lists) would drown the line, so they are left out.
export function describeRegistryErrors(entries: RegistryErrorEntry[]): string {
  return entries
    .map(entry => {
      let text = entry.message ? `${entry.code}: ${entry.message}` : entry.code;
      if (entry.detail !== undefined && entry.detail !== null) {
        const detail = JSON.stringify(entry.detail);
        if (detail && detail.length <= MAX_DETAIL_CHARS && detail !== '{}' && detail !== '[]') {
          text += ` ${detail}`;
        }
      }
      return text;
    })
    .join('; ');
}

// A short, single-line excerpt of a non-JSON error body (an nginx 504 page, say).
export function bodyExcerpt(body: string, max = 120): string {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
