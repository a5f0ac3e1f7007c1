import {RegistryError, problem} from './errors.js';
import {bodyExcerpt, describeRegistryErrors, parseRegistryErrors} from './registry-errors.js';
import {headerValue, type HttpResponse} from './transport.js';
import {retryAfterMs} from './retry.js';

export interface Subject {
  // "list repositories", "list tags of tools/busybox", "read tools/busybox:1.0"
  what: string;
  repository?: string;
  reference?: string;
  // What the request needs beyond reading: named in a refusal's fix, and a delete's 405 explained.
  access?: 'push' | 'delete';
}

// Maps a non-2xx registry answer to one line that keeps the registry's own {errors:[…]} words.
export function responseError(response: HttpResponse, host: string, subject: Subject): RegistryError {
  const text = response.body.toString('utf8');
  const entries = parseRegistryErrors(text);
  const said = describeRegistryErrors(entries) || bodyExcerpt(text);
  const detail = said ? ` (${said})` : '';
  const thing = `registry ${host}`;
  const opts = {host, status: response.status, registryErrors: entries};
  const has = (code: string) => entries.some(e => e.code === code);
  const {status} = response;
  const tries = response.attempts && response.attempts > 1 ? ` after ${response.attempts} tries` : '';

  if (status === 404 && subject.what === 'list repositories') {
    return new RegistryError(
      'not-found',
      problem(
        thing,
        `has no repository catalog (HTTP 404${said ? `: ${said}` : ''})`,
        'Registries like Docker Hub and GHCR do not offer one: open a repository by name instead.',
      ),
      opts,
    );
  }
  if (status === 404 && (has('NAME_UNKNOWN') || (!subject.reference && subject.repository))) {
    return new RegistryError(
      'not-found',
      problem(
        thing,
        `repository "${subject.repository}" not found${detail}`,
        'Check the name against "berth registry ls".',
      ),
      opts,
    );
  }
  if (status === 404 && subject.reference) {
    return new RegistryError(
      'not-found',
      problem(
        thing,
        `"${subject.repository}:${subject.reference}" not found${detail}`,
        `Check the tag against "berth registry tags ${subject.repository}".`,
      ),
      opts,
    );
  }
  if (subject.access === 'delete' && (status === 405 || has('UNSUPPORTED'))) {
    return new RegistryError(
      'registry',
      problem(
        thing,
        `refused to ${subject.what}: deletion is not enabled (HTTP ${status}${has('UNSUPPORTED') ? ' UNSUPPORTED' : ''})`,
        'Start it with REGISTRY_STORAGE_DELETE_ENABLED=true (storage.delete.enabled: true in its config.yml).',
      ),
      opts,
    );
  }
  if (status === 403) {
    return new RegistryError(
      'auth',
      problem(
        thing,
        `access denied to ${subject.what}${detail}`,
        'Check that this account has access, or run "docker login ' + host + '" with one that does.',
      ),
      opts,
    );
  }
  if (status === 429) {
    const waitMs = retryAfterMs(headerValue(response, 'retry-after'), Date.now());
    const again =
      waitMs !== undefined
        ? `The registry asks to wait ${Math.ceil(waitMs / 1000)} s; try again then.`
        : 'Wait a while, or log in for a higher limit.';
    return new RegistryError(
      'registry',
      problem(thing, `rate limit reached (HTTP 429${tries}) while trying to ${subject.what}${detail}`, again),
      opts,
    );
  }
  if (status === 400 && has('PAGINATION_NUMBER_INVALID')) {
    return new RegistryError(
      'registry',
      problem(
        thing,
        `refused the page size while trying to ${subject.what}${detail}`,
        'Its catalog.maxentries setting is below 100; raise it.',
      ),
      opts,
    );
  }
  if (status >= 500) {
    return new RegistryError(
      'registry',
      problem(
        thing,
        `failed to ${subject.what}: HTTP ${status}${tries}${detail}`,
        'The registry or a proxy in front of it is in trouble; try again, or check its logs.',
      ),
      opts,
    );
  }
  return new RegistryError(
    'registry',
    problem(thing, `could not ${subject.what}: HTTP ${status}${detail}`, "See the registry's message above."),
    opts,
  );
}
