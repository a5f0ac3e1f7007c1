import {describe, expect, it} from 'vitest';
import {compileLogQuery} from '../../../source/engine/logs/log-query.js';
import {BerthError} from '../../../source/errors.js';
import {makeMatcher} from '../../../source/store/list.js';
import {compileMatcher, InvalidPatternError} from '../../../source/text/match.js';

const names = ['apps/web', 'Library/Hello', 'tools/busybox', 're:literal', ''];

describe('compileMatcher: substring or re:', () => {
  it('matches a substring, case-insensitive', () => {
    expect(names.filter(compileMatcher('LIB'))).toEqual(['Library/Hello']);
    expect(names.filter(compileMatcher('/'))).toEqual(['apps/web', 'Library/Hello', 'tools/busybox']);
  });

  it('matches everything for an empty query and for an empty expression', () => {
    expect(names.filter(compileMatcher(''))).toEqual(names);
    expect(names.filter(compileMatcher('re:'))).toEqual(names);
  });

  it('matches a regular expression after re:, case-insensitive', () => {
    expect(names.filter(compileMatcher('re:^(apps|library)/'))).toEqual(['apps/web', 'Library/Hello']);
    expect(names.filter(compileMatcher('re:x$'))).toEqual(['tools/busybox']);
    // Only a leading re: switches; elsewhere it is text.
    expect(names.filter(compileMatcher(' re:'))).toEqual([]);
    expect(names.filter(compileMatcher('E:LIT'))).toEqual(['re:literal']);
  });

  it('keeps no state between calls (no global flag)', () => {
    const matches = compileMatcher('re:web');
    expect([matches('apps/web'), matches('apps/web'), matches('apps/web')]).toEqual([true, true, true]);
  });

  it('refuses an expression that does not compile, with the reason', () => {
    expect(() => compileMatcher('re:(')).toThrow(InvalidPatternError);
    expect(() => compileMatcher('re:(')).toThrow(
      /"re:\(" is not a valid regular expression \(Invalid regular expression: .*\)/,
    );
  });
});

describe('what a broken expression means to each user of the language', () => {
  it('list filters match nothing', () => {
    expect(names.filter(makeMatcher('re:('))).toEqual([]);
    expect(names.filter(makeMatcher('re:[a-'))).toEqual([]);
  });

  it('log search explains it, with the way out', () => {
    expect(() => compileLogQuery('re:(')).toThrow(BerthError);
    expect(() => compileLogQuery('re:(')).toThrow(
      /^search "re:\(": not a valid regular expression \(\/\(\/i: Unterminated group\); fix it/,
    );
  });

  it('both agree on every valid query', () => {
    const queries = ['', 'web', 'LIB', 're:', 're:^t', 're:(apps|tools)/', 're:literal', 'x'];
    for (const query of queries) {
      const expected = names.filter(compileMatcher(query));
      expect(names.filter(makeMatcher(query)), query).toEqual(expected);
      expect(names.filter(compileLogQuery(query)), query).toEqual(expected);
    }
  });
});
