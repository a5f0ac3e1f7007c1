import {describe, expect, it} from 'vitest';
import {namePattern} from '../../../../source/engine/containers/name-pattern.js';

// What the engine does with a `name` filter (docs/engine-facts.md, "Name filters"): an unanchored regexp tried against
// the stored name (`/web-1`) and the name without its slash. For these escaped literals, JS and
// Go regexp syntax agree.
function engineMatches(filter: string, name: string): boolean {
  const regexp = new RegExp(filter);
  const stored = name.startsWith('/') ? name : `/${name}`;
  return regexp.test(stored) || regexp.test(stored.slice(1));
}

const containers = ['web-1', 'web-2', 'old-web-3', 'wz', 'web', 'axb-1', 'a.b-1', 'a.b', 'research-web-1'];

function selected(pattern: string): string[] {
  const {engineFilter, matches} = namePattern(pattern);
  const fromEngine = containers.filter(name => engineMatches(engineFilter, name));
  const checked = fromEngine.filter(name => matches(name));
  // The anchored filter must already be exact, so the client check agrees with it.
  expect(checked).toEqual(fromEngine);
  return checked;
}

describe('namePattern', () => {
  it('treats a trailing * as "starts with"', () => {
    expect(selected('web*')).toEqual(['web-1', 'web-2', 'web']);
    expect(namePattern('web*').matches('/web-1')).toBe(true);
    expect(namePattern('web*').matches('old-web-3')).toBe(false);
    expect(namePattern('web*').engineFilter).toBe('^/?web');
  });

  it('does not let the engine read we* as "w then zero or more e"', () => {
    expect(selected('we*')).toEqual(['web-1', 'web-2', 'web']);
    expect(namePattern('we*').matches('wz')).toBe(false);
  });

  it('matches an exact name without a *', () => {
    expect(selected('web')).toEqual(['web']);
    expect(namePattern('web').engineFilter).toBe('^/?web$');
    expect(namePattern('web').matches('/web')).toBe(true);
    expect(namePattern('web').matches('web-1')).toBe(false);
  });

  it('escapes Go regexp metacharacters', () => {
    expect(namePattern('a.b*').engineFilter).toBe('^/?a\\.b');
    expect(selected('a.b*')).toEqual(['a.b-1', 'a.b']);
    expect(namePattern('x+(y)|[z]{1}^$?\\').engineFilter).toBe('^/?x\\+\\(y\\)\\|\\[z\\]\\{1\\}\\^\\$\\?\\\\$');
    const odd = 'x+(y)|[z]{1}^$?\\';
    expect(engineMatches(namePattern(odd).engineFilter, odd)).toBe(true);
    expect(namePattern(odd).matches(odd)).toBe(true);
  });

  it('accepts a leading / and surrounding spaces', () => {
    expect(namePattern(' /web* ').engineFilter).toBe('^/?web');
    expect(namePattern('/web').matches('web')).toBe(true);
  });

  it('is case-sensitive, like the engine', () => {
    expect(namePattern('Web*').matches('web-1')).toBe(false);
  });

  it('lets a lone * select everything (the confirmation dialog lists them all)', () => {
    expect(selected('*')).toEqual(containers);
  });

  it('rejects a * anywhere but at the end, and empty patterns', () => {
    expect(() => namePattern('w*b')).toThrow(/only a trailing \*/);
    expect(() => namePattern('*web')).toThrow(/only a trailing \*/);
    expect(() => namePattern('web**')).toThrow(/only a trailing \*/);
    expect(() => namePattern('')).toThrow(/empty/);
    expect(() => namePattern('  /')).toThrow(/empty/);
  });
});
