import {HeaderCursor} from './header-tokens.js';
import {RegistryError, problem} from './errors.js';

export interface LinkValue {
  uri: string;
  // Parameter names lowercased; values unquoted.
  params: Record<string, string>;
  // Relation types from `rel`, lowercased (a rel may carry several, space-separated).
  rels: string[];
}

// RFC 8288 §3: `<uri>; param=value; param="quoted, value", <uri2>; rel=next`. Params come in any
// order, quoted or not; several links may share one header (docs/registry-facts.md, "Link headers").
export function parseLinkHeader(header: string | string[] | undefined): LinkValue[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(', ') : header;
  const cursor = new HeaderCursor(text);
  const links: LinkValue[] = [];
  while (!cursor.done) {
    cursor.skipSpace();
    if (cursor.accept(',')) continue;
    if (cursor.peek() !== '<') {
      cursor.skipPastComma();
      continue;
    }
    const close = text.indexOf('>', cursor.pos);
    if (close < 0) break;
    const uri = text.slice(cursor.pos + 1, close).trim();
    cursor.pos = close + 1;
    const params: Record<string, string> = {};
    while (cursor.accept(';')) {
      cursor.skipSpace();
      const name = cursor.token().toLowerCase();
      if (!name) break;
      let value = '';
      if (cursor.accept('=')) {
        cursor.skipSpace();
        value = cursor.tokenOrQuoted();
      }
      // RFC 8288 §3.3: only the first occurrence of rel counts.
      if (!(name in params)) params[name] = value;
    }
    cursor.skipSpace();
    if (!cursor.done && cursor.peek() !== ',') cursor.skipPastComma();
    const rels = (params.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    links.push({uri, params, rels});
  }
  return links;
}

// The next page's URL, resolved against the URL of the request that returned it. A link to any
// other scheme, host or port is refused: following it would send our credentials elsewhere
// (docs/registry-facts.md, "Link headers"; go-containerregistry's validatePaginationURLHost).
export function nextPageUrl(
  header: string | string[] | undefined,
  requestUrl: URL | string,
  registryOrigin: string,
): URL | undefined {
  const next = parseLinkHeader(header).find(link => link.rels.includes('next'));
  if (!next) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(next.uri, requestUrl);
  } catch {
    throw new RegistryError(
      'protocol',
      problem(
        `registry ${new URL(registryOrigin).host}`,
        `sent a pagination Link that is not a URL (${JSON.stringify(next.uri)})`,
        'Report this to the registry operator.',
      ),
    );
  }
  if (resolved.origin !== new URL(registryOrigin).origin) {
    throw new RegistryError(
      'protocol',
      problem(
        `registry ${new URL(registryOrigin).host}`,
        `refused to follow a pagination link to another host (${resolved.origin})`,
        'berth only follows links on the registry itself; report this to the registry operator.',
      ),
      {host: new URL(registryOrigin).host},
    );
  }
  return resolved;
}
