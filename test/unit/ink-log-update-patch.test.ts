import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
// The file patches/ink+6.8.0.patch changes (applied by patch-package on npm install).
import logUpdate from '../../node_modules/ink/build/log-update.js';

const ESC = '\x1b[';

function writer() {
  const chunks: string[] = [];
  const stream = {write: (chunk: string) => void chunks.push(chunk), columns: 80, rows: 24};
  return {stream, last: () => chunks.at(-1) ?? ''};
}

describe('Ink log-update patch (patches/ink+6.8.0.patch)', () => {
  test('the patch is the one applied to the installed Ink 6.8', () => {
    expect((JSON.parse(readFileSync('node_modules/ink/package.json', 'utf8')) as {version: string}).version).toBe(
      '6.8.0',
    );
    expect(readFileSync('patches/ink+6.8.0.patch', 'utf8')).toContain('previousOutput.endsWith');
  });

  test('a redraw after a frame ending with a newline goes back up to the first row, not one row short', () => {
    const {stream, last} = writer();
    const render = logUpdate.create(stream as never, {incremental: true});
    render('one\ntwo\nthree\n');
    render('one\nTWO\nthree\n');
    // Four lines were written (three and the empty one after the newline): up 3 to reach "one".
    expect(last()).toContain(`${ESC}3A`);
    expect(last()).toContain('TWO');
  });

  test('a run of unchanged lines is one counted cursor move', () => {
    const {stream, last} = writer();
    const render = logUpdate.create(stream as never, {incremental: true});
    const lines = Array.from({length: 10}, (_, i) => `line ${i}`);
    render(`${lines.join('\n')}\n`);
    render(`${[...lines.slice(0, 9), 'changed'].join('\n')}\n`);
    expect(last()).toContain(`${ESC}9E`);
    expect(last()).not.toContain(`${ESC}E${ESC}E`);
  });
});
