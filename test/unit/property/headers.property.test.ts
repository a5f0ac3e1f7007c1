import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {parseWwwAuthenticate} from '../../../source/registry/challenge.js';
import {nextPageUrl, parseLinkHeader} from '../../../source/registry/link.js';
import {params, validOrExplained} from '../../helpers/property.js';

// Header text as registries and proxies send it, and worse: the structural characters made likely.
const headerChar = fc.constantFrom(
  '<',
  '>',
  ';',
  ',',
  '=',
  '"',
  '\\',
  ' ',
  '\t',
  'a',
  'Z',
  '/',
  '?',
  '&',
  ':',
  '%',
  'é',
  '\u0000',
);
const headerText = fc.oneof(
  fc.string({maxLength: 80}),
  fc.array(headerChar, {maxLength: 80}).map(chars => chars.join('')),
  fc
    .array(
      fc.oneof(
        fc.string({maxLength: 10}),
        fc.constantFrom('rel="next"', 'rel=next', 'Bearer ', 'realm=', 'scope="a:b,c"', '</v2/_catalog?last=a&n=1>'),
      ),
      {maxLength: 10},
    )
    .map(parts => parts.join('')),
);
const header = fc.oneof(headerText, fc.array(headerText, {maxLength: 3}), fc.constant(undefined));

describe('Link (registry/link.ts)', () => {
  test('parses anything into links with string uris and lowercased rels', () => {
    fc.assert(
      fc.property(header, value => {
        for (const link of parseLinkHeader(value)) {
          expect(typeof link.uri).toBe('string');
          for (const rel of link.rels) expect(rel).toBe(rel.toLowerCase());
        }
      }),
      params(500),
    );
  });

  test('the next page is a URL on the registry itself, or an explained protocol error', () => {
    const origin = 'https://registry.example:5000';
    fc.assert(
      fc.property(header, value => {
        validOrExplained(
          () => nextPageUrl(value, `${origin}/v2/_catalog?n=100`, origin),
          url => url === undefined || url.origin === origin,
          /^registry registry\.example:5000: (sent a pagination Link that is not a URL|refused to follow a pagination link to another host)/,
        );
      }),
      params(500),
    );
  });
});

describe('WWW-Authenticate (registry/challenge.ts)', () => {
  test('parses anything into challenges with lowercased schemes and string params', () => {
    fc.assert(
      fc.property(header, value => {
        for (const challenge of parseWwwAuthenticate(value)) {
          expect(challenge.scheme).toBe(challenge.scheme.toLowerCase());
          expect(challenge.scheme.length).toBeGreaterThan(0);
          for (const v of Object.values(challenge.params)) expect(typeof v).toBe('string');
        }
      }),
      params(500),
    );
  });
});
