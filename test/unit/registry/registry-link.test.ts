import {describe, expect, it} from 'vitest';
import {nextPageUrl, parseLinkHeader} from '../../../source/registry/link.js';
import {RegistryError} from '../../../source/registry/errors.js';
import {at} from '../../helpers/found.js';

const origin = 'https://reg.example:5000';
const request = 'https://reg.example:5000/v2/_catalog?n=1000';

describe('parseLinkHeader', () => {
  it("parses distribution's relative next link and keeps percent-encoding", () => {
    const links = parseLinkHeader('</v2/_catalog?last=myproject%2F1dx%2Fone&n=100>; rel="next"');
    expect(links).toEqual([
      {uri: '/v2/_catalog?last=myproject%2F1dx%2Fone&n=100', params: {rel: 'next'}, rels: ['next']},
    ]);
  });

  it('accepts unquoted params, params before rel, and several rel values', () => {
    const link = at(parseLinkHeader('<https://reg.example:5000/v2/x?next_page=gAAA>; title=page; REL="prev next"'), 0);
    expect(link.rels).toEqual(['prev', 'next']);
    expect(link.params.title).toBe('page');
  });

  it('splits multiple links without breaking on commas inside quoted params', () => {
    const links = parseLinkHeader('</a?x=1>; rel="prev"; title="one, two", </b?x=2>; rel=next');
    expect(links.map(l => l.uri)).toEqual(['/a?x=1', '/b?x=2']);
    expect(links[0]?.params.title).toBe('one, two');
    expect(links[1]?.rels).toEqual(['next']);
  });

  it('handles escaped quotes and repeated headers', () => {
    const links = parseLinkHeader(['</a>; title="say \\"hi\\""', '</b>; rel=next']);
    expect(links[0]?.params.title).toBe('say "hi"');
    expect(links[1]?.uri).toBe('/b');
  });

  it('ignores garbage between links', () => {
    expect(parseLinkHeader('junk, </a>; rel=next').map(l => l.uri)).toEqual(['/a']);
    expect(parseLinkHeader('')).toEqual([]);
  });
});

describe('nextPageUrl', () => {
  it('resolves a relative link against the request URL', () => {
    const next = nextPageUrl('</v2/_catalog?last=a%2Fb&n=1000>; rel="next"', request, origin);
    expect(next?.href).toBe('https://reg.example:5000/v2/_catalog?last=a%2Fb&n=1000');
  });

  it('resolves a path-relative link', () => {
    const next = nextPageUrl('<list?last=t&n=5>; rel=next', 'https://reg.example:5000/v2/a/tags/list?n=5', origin);
    expect(next?.href).toBe('https://reg.example:5000/v2/a/tags/list?last=t&n=5');
  });

  it('accepts an absolute link on the same origin', () => {
    const next = nextPageUrl('<https://reg.example:5000/v2/_catalog?next_page=opaque>; rel="next"', request, origin);
    expect(next?.searchParams.get('next_page')).toBe('opaque');
  });

  it('refuses a link to another host, port or scheme', () => {
    for (const target of [
      'https://evil.example/v2/_catalog',
      'https://reg.example:5001/v2/_catalog',
      'http://reg.example:5000/v2/_catalog',
    ]) {
      expect(() => nextPageUrl(`<${target}>; rel="next"`, request, origin)).toThrow(/another host/);
    }
    try {
      nextPageUrl('<//evil.example/v2/_catalog>; rel=next', request, origin);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RegistryError);
      expect((error as RegistryError).kind).toBe('protocol');
    }
  });

  it('returns undefined without a next link', () => {
    expect(nextPageUrl(undefined, request, origin)).toBeUndefined();
    expect(nextPageUrl('</v2/_catalog?n=1>; rel="prev"', request, origin)).toBeUndefined();
  });
});
