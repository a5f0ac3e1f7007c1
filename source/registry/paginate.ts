import {RegistryError, cancelledError, problem} from './errors.js';
import {nextPageUrl} from './link.js';
import type {HttpResponse} from './transport.js';

export interface Page {
  items: string[];
  // 0-based position of this page in the listing.
  index: number;
  // Page size asked for (after any step-down).
  pageSize: number;
}

export interface PaginateOptions {
  signal?: AbortSignal;
  pageSize?: number;
}

export interface PageSource {
  host: string;
  // A function: the client may switch the registry to plain http during the first request.
  origin: () => string;
  // What is being listed, for messages: "list repositories", "list tags of tools/busybox".
  what: string;
  // JSON field holding the names: repositories or tags.
  field: 'repositories' | 'tags';
  firstUrl: URL;
  fetch(url: URL, signal?: AbortSignal): Promise<HttpResponse>;
  // Turns a non-2xx answer into the error to throw.
  fail(response: HttpResponse): Promise<RegistryError>;
  // Shared by the listings of one endpoint on one registry: set once a Link has been seen there.
  linkHint: {seen: boolean};
}

export const MAX_PAGE_SIZE = 1000;
// One page's body. A registry that ignores `n` (or a mirror's flat catalog) can send every name in one page:
// 16 MiB holds ~500,000 names of 30 characters; past it the page is refused with a message, not parsed.
export const MAX_PAGE_BYTES = 16 * 1024 * 1024;
// Names taken from one page: ~1,000,000 names of one letter fit in MAX_PAGE_BYTES; this bound keeps the
// memory of one page's strings below ~50 MB whatever their length.
export const MAX_PAGE_ITEMS = 1_000_000;
export const FALLBACK_PAGE_SIZE = 100;

// n ≤ 1000 works everywhere (distribution's maxentries, ECR's cap); a registry that wants
// less says so with 400 PAGINATION_NUMBER_INVALID (distribution) or 413 (Quay).
function wantsSmallerPages(response: HttpResponse): boolean {
  if (response.status === 413) return true;
  return response.status === 400 && response.body.toString('utf8').includes('PAGINATION_NUMBER_INVALID');
}

function withPageSize(url: URL, n: number): URL {
  const next = new URL(url);
  next.searchParams.set('n', String(n));
  return next;
}

function parsePage(response: HttpResponse, source: PageSource): string[] {
  const malformed = (reason: string) =>
    new RegistryError(
      'protocol',
      problem(
        `registry ${source.host}`,
        `sent a malformed page while trying to ${source.what} (${reason}, at ${response.url.pathname}${response.url.search})`,
        'Report this to the registry operator; the pages before it were kept.',
      ),
      {host: source.host, status: response.status},
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    throw malformed('not JSON');
  }
  if (!parsed || typeof parsed !== 'object') throw malformed('not a JSON object');
  const list = (parsed as Record<string, unknown>)[source.field];
  // A registry with nothing to list may send null or leave the field out.
  if (list === null || list === undefined) return [];
  if (!Array.isArray(list)) throw malformed(`"${source.field}" is not a list`);
  if (list.length > MAX_PAGE_ITEMS) {
    throw new RegistryError(
      'protocol',
      problem(
        `registry ${source.host}`,
        `sent a page of ${list.length} names while trying to ${source.what}, more than the ${MAX_PAGE_ITEMS} berth takes from one page`,
        'The registry ignored the page size (n); ask its operator to honour it.',
      ),
      {host: source.host, status: response.status},
    );
  }
  // Nexus puts nulls in tag lists (docs/registry-facts.md, "Tag and catalog lists"); skip anything that is not a name.
  return list.filter((item): item is string => typeof item === 'string' && item.length > 0);
}

// Every page of a listing, in order, as each arrives. Follows the Link header (relative links
// resolved, other hosts refused), stops on no Link or an empty page, falls back to `last=` when a
// full page comes without a Link, and steps down to n=100 once when the registry refuses n.
export async function* paginate(source: PageSource, options: PaginateOptions = {}): AsyncGenerator<Page> {
  const {signal} = options;
  let pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  let url: URL | undefined = withPageSize(source.firstUrl, pageSize);
  let steppedDown = false;
  let index = 0;
  const visited = new Set<string>();
  let previousLast: string | undefined;
  while (url) {
    if (signal?.aborted) throw cancelledError(source.host);
    const response = await source.fetch(url, signal);
    // The fetch may have moved to plain http; later pages follow the response's own URL.
    url = response.url;
    if (!steppedDown && pageSize > FALLBACK_PAGE_SIZE && wantsSmallerPages(response)) {
      steppedDown = true;
      pageSize = FALLBACK_PAGE_SIZE;
      url = withPageSize(url, pageSize);
      continue;
    }
    if (response.status < 200 || response.status >= 300) throw await source.fail(response);
    visited.add(url.href);
    const items = parsePage(response, source);
    const last = items.at(-1);
    if (last === undefined) return;
    // A registry that ignores `last` would hand out the same page forever.
    if (last === previousLast) return;
    previousLast = last;
    yield {items, index: index++, pageSize};
    const linked = nextPageUrl(response.headers.link, response.url, source.origin());
    if (linked) {
      source.linkHint.seen = true;
      if (visited.has(linked.href)) {
        throw new RegistryError(
          'protocol',
          problem(
            `registry ${source.host}`,
            `sent a pagination link back to a page already read while trying to ${source.what}`,
            'Report this to the registry operator; the pages before it were kept.',
          ),
          {host: source.host},
        );
      }
      url = linked;
      continue;
    }
    // No Link: a short page is the end, and so is a full one from a registry known to send Links
    // (distribution leaves it off when the walk ends exactly at a page boundary). A full page
    // from a registry that never sent one may not be the end (old registries): ask for what
    // follows its last name.
    const askedFor = Number(response.url.searchParams.get('n') ?? NaN);
    if (!source.linkHint.seen && Number.isFinite(askedFor) && items.length === askedFor) {
      url = withPageSize(new URL(`${source.firstUrl.pathname}`, source.origin()), askedFor);
      url.searchParams.set('last', last);
    } else {
      url = undefined;
    }
  }
}
