import {describe, expect, it} from 'vitest';
import {TokenCache, tokenKey, tokenLifetimeMs} from '../../../source/registry/token-cache.js';

describe('TokenCache', () => {
  it('serves a token until shortly before it expires', () => {
    let now = 1_000_000;
    const cache = new TokenCache(() => now);
    const key = tokenKey('https://auth/t', 'reg', ['repository:a:pull']);
    cache.set(key, 'tok', 300);
    now += 294_000;
    expect(cache.get(key)).toBe('tok');
    now += 1_000; // 5 s before expiry
    expect(cache.get(key)).toBeUndefined();
  });

  it('treats a missing or short expires_in as 60 s', () => {
    expect(tokenLifetimeMs(undefined)).toBe(60_000);
    expect(tokenLifetimeMs(10)).toBe(60_000);
    expect(tokenLifetimeMs('900')).toBe(60_000);
    expect(tokenLifetimeMs(900)).toBe(900_000);
    let now = 0;
    const cache = new TokenCache(() => now);
    cache.set('k', 'tok', 1);
    now = 54_999;
    expect(cache.get('k')).toBe('tok');
    now = 55_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('keys by realm, service and the set of scopes, in any order', () => {
    expect(tokenKey('r', 's', ['b', 'a', 'a'])).toBe(tokenKey('r', 's', ['a', 'b']));
    expect(tokenKey('r', 's', ['a'])).not.toBe(tokenKey('r', 't', ['a']));
    expect(tokenKey('r', 's', ['a'])).not.toBe(tokenKey('r2', 's', ['a']));
  });
});
