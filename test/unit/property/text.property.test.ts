import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {namePattern} from '../../../source/engine/containers/name-pattern.js';
import {parseSince, toEngineTimestamp} from '../../../source/text/since.js';
import {params, validOrExplained} from '../../helpers/property.js';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

// --since values: durations, RFC 3339 times and numbers, each pushed at its edges, and noise.
const sinceText = fc.oneof(
  fc.string({maxLength: 30}),
  fc
    .array(
      fc
        .tuple(
          fc.oneof(
            fc.nat().map(String),
            fc.double({min: 0, max: 1e20, noNaN: true}).map(String),
            fc.constantFrom('.5', '1.', '9'.repeat(40)),
          ),
          fc.constantFrom('h', 'm', 's', 'ms', 'd', 'µs', 'x', ''),
        )
        .map(p => p.join('')),
      {minLength: 1, maxLength: 4},
    )
    .map(p => p.join('')),
  fc
    .tuple(
      fc.integer({min: 0, max: 99999}),
      fc.integer({min: 0, max: 99}),
      fc.integer({min: 0, max: 99}),
      fc.integer({min: 0, max: 99}),
      fc.integer({min: 0, max: 99}),
      fc.integer({min: 0, max: 99}),
      fc.constantFrom('Z', 'z', '+02:00', '-23:59', '+99:99', '', '.123456789Z', ' '),
    )
    .map(
      ([y, mo, d, h, mi, s, zone]) =>
        `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}${zone}`,
    ),
  fc.oneof(fc.double({noNaN: false}), fc.bigInt()).map(String),
);

describe('--since (text/since.ts)', () => {
  test('UNIX seconds the engine accepts, or an explained "invalid since value" error', () => {
    fc.assert(
      fc.property(sinceText, value => {
        validOrExplained(
          () => parseSince(value, NOW),
          seconds => {
            expect(Number.isFinite(seconds) && seconds >= 0).toBe(true);
            expect(toEngineTimestamp(seconds)).toMatch(/^\d+(\.\d{9})?$/);
          },
          /^invalid since value ".*": .+; use a duration/s,
        );
      }),
      params(1000),
    );
  });
});

describe('name patterns (engine/name-pattern.ts)', () => {
  const patternText = fc.oneof(
    fc.string({maxLength: 20}),
    fc
      .array(fc.constantFrom('web', '*', '/', '.', '\\', '(', '[', '^', '$', '-', ' ', 'é', '?', '+'), {maxLength: 8})
      .map(p => p.join('')),
  );
  test('an anchored engine filter and a matcher that agrees with it, or an explained error', () => {
    fc.assert(
      // Container names as the engine allows them: [a-zA-Z0-9][a-zA-Z0-9_.-]*.
      fc.property(patternText, fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,10}$/), (pattern, name) => {
        validOrExplained(
          () => namePattern(pattern),
          matcher => {
            // The Go filter, read as a JS regexp (the escapes are the same for these characters), tried as the
            // engine does (the name with and without its slash), agrees with the client-side check.
            const filter = new RegExp(matcher.engineFilter, 'u');
            const engineMatches = (bare: string) => filter.test(`/${bare}`) || filter.test(bare);
            for (const bare of [
              name,
              `${name}x`,
              ...(/^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/.test(matcher.literal) ? [matcher.literal, `${matcher.literal}x`] : []),
            ]) {
              expect(matcher.matches(bare)).toBe(engineMatches(bare));
              expect(matcher.matches(`/${bare}`)).toBe(engineMatches(bare));
            }
          },
          /^name pattern /,
        );
      }),
      params(1000),
    );
  });
});
