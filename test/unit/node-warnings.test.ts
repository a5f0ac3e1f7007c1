import {afterEach, describe, expect, test} from 'vitest';
import {quietDependencyWarnings} from '../../source/node-warnings.js';

// eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be put back as it was
const original = process.emitWarning;
afterEach(() => {
  process.emitWarning = original;
});

describe("Node's warnings", () => {
  test("docker-modem's url.parse deprecation (DEP0169) is dropped, every other warning still goes out", async () => {
    quietDependencyWarnings();
    const seen: string[] = [];
    const listener = (warning: Error & {code?: string}) => seen.push(warning.code ?? warning.message);
    process.on('warning', listener);
    try {
      process.emitWarning('url.parse() is deprecated', 'DeprecationWarning', 'DEP0169');
      process.emitWarning('url.parse() is deprecated', {type: 'DeprecationWarning', code: 'DEP0169'});
      process.emitWarning('something else', 'DeprecationWarning', 'DEP0001');
      process.emitWarning('plain');
      await new Promise(resolve => setImmediate(resolve));
      expect(seen).toEqual(['DEP0001', 'plain']);
    } finally {
      process.off('warning', listener);
    }
  });
});
