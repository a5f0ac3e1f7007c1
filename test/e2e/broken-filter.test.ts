import {expect, test} from 'vitest';
import {benchEnv} from '../helpers/bench.js';
import {berthPerTest} from '../helpers/terminal.js';

// docs/contract.md (Keys): a broken `re:` expression in a list's filter is reported on the status line (the list
// alone says only that nothing matches).
const berth = berthPerTest();

test('/re:([ then enter in views 2 and 7 says on the status line that the expression is broken', async () => {
  const t = berth.start({env: benchEnv(), columns: 120, rows: 30});
  await t.waitFor(/API 1\.41/);
  // A different expression in each view, so the second message cannot be the first one still showing.
  for (const [view, heading, query] of [
    ['2', /REPOSITORY/, 're:(['],
    ['7', /VOLUME NAME/, 're:a{2,1}'],
  ] as const) {
    t.type(view);
    await t.waitFor(heading);
    t.type(`/${query}`);
    t.keys('Enter');
    // The status line wraps a long message: its words, whatever the line breaks.
    const screen = (await t.waitFor(`filter "${query}": not a valid regular expression`)).replace(/\s+/g, ' ');
    expect(screen).toContain('fix it, or filter without "re:" for plain text');
    t.keys('Escape');
    await t.waitUntil(s => !s.includes('matches the filter'), 'the filter cleared');
  }
  t.type('q');
  expect(await t.exitCode()).toBe(0);
}, 60_000);
