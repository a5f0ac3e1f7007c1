import {expect, test} from 'vitest';

import {parseCommandLine} from '../../../source/cli/args.js';
import {logRotationCommand} from '../../../source/cli/setup/log-rotation-command.js';
import {UsageError} from '../../../source/errors.js';

// A value that starts with "-" is read as another flag by Node's parser; its three-line message with a placeholder
// becomes one line naming the value and the spelling that works.
function usage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no usage error');
}

test('a value that starts with "-" is named, with the spelling that works, on one line', () => {
  const message = usage(() => parseCommandLine(['events', '--since', '-5']));
  expect(message).toBe(
    '--since -5: a value that starts with "-" is read as another flag; write --since=-5; see berth --help',
  );
  const setup = usage(() => logRotationCommand(['--max-file', '-2'], {stdout: process.stdout, env: {}}));
  expect(setup).toMatch(
    /^--max-file -2: a value that starts with "-" is read as another flag; write --max-file=-2; usage: /,
  );
  expect(setup).not.toContain('\n');
});

test('other parser errors keep their first line', () => {
  expect(usage(() => parseCommandLine(['--bogus']))).toBe("Unknown option '--bogus'; see berth --help");
});
