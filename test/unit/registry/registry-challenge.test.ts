import {describe, expect, it} from 'vitest';
import {parseWwwAuthenticate, pickChallenge} from '../../../source/registry/challenge.js';

describe('parseWwwAuthenticate', () => {
  it("parses distribution's bearer challenge", () => {
    const [c] = parseWwwAuthenticate(
      'Bearer realm="https://auth.example/token",service="Docker Registry",scope="registry:catalog:*"',
    );
    expect(c).toEqual({
      scheme: 'bearer',
      params: {realm: 'https://auth.example/token', service: 'Docker Registry', scope: 'registry:catalog:*'},
    });
  });

  it('accepts params in any order, mixed case and spacing', () => {
    const [c] = parseWwwAuthenticate('BEARER Scope="repository:a/b:pull" ,  service=reg ,REALM="https://auth/t"');
    expect(c?.scheme).toBe('bearer');
    expect(c?.params).toEqual({scope: 'repository:a/b:pull', service: 'reg', realm: 'https://auth/t'});
  });

  it('keeps commas inside quoted values', () => {
    const [c] = parseWwwAuthenticate(
      'Bearer realm="https://a/t",scope="repository:samalba/my-app:pull,push",error="insufficient_scope"',
    );
    expect(c?.params.scope).toBe('repository:samalba/my-app:pull,push');
    expect(c?.params.error).toBe('insufficient_scope');
  });

  it('separates several challenges in one header and across headers', () => {
    const list = parseWwwAuthenticate(
      'Negotiate abc==, Basic realm="basic-realm", Bearer realm="https://a/t",service="s"',
    );
    expect(list.map(c => c.scheme)).toEqual(['negotiate', 'basic', 'bearer']);
    expect(list[0]?.token68).toBe('abc==');
    expect(list[1]?.params.realm).toBe('basic-realm');
    expect(parseWwwAuthenticate(['Basic realm="x"', 'Bearer realm="y"']).map(c => c.params.realm)).toEqual(['x', 'y']);
  });

  it('handles escaped quotes and a bare scheme', () => {
    expect(parseWwwAuthenticate('Basic realm="a \\"b\\""')[0]?.params.realm).toBe('a "b"');
    expect(parseWwwAuthenticate('Basic')).toEqual([{scheme: 'basic', params: {}}]);
  });

  it('prefers bearer over basic and ignores unknown schemes', () => {
    expect(pickChallenge(parseWwwAuthenticate('Basic realm="x", Bearer realm="y"'))?.scheme).toBe('bearer');
    expect(pickChallenge(parseWwwAuthenticate('Negotiate, Basic realm="x"'))?.scheme).toBe('basic');
    expect(pickChallenge(parseWwwAuthenticate('Negotiate'))).toBeUndefined();
  });
});
