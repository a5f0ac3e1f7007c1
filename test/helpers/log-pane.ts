import type {Terminal} from './terminal.js';

// Filters the containers list down to `name` and opens its log pane, following.
export async function openLogs(t: Terminal, name: string): Promise<void> {
  await t.waitFor(/API 1\.41/);
  t.type('/');
  t.type(name.slice(-10));
  t.keys('Enter');
  await t.waitFor(`filter: ${name.slice(-10)}`);
  // The filter shows while it is typed: wait for the prompt to close (the footer is back) before Enter opens the logs.
  await t.waitUntil(s => !/^ \/ /m.test(s) && s.includes('enter logs'), 'the filter prompt to close');
  t.keys('Enter');
  await t.waitFor(new RegExp(`logs ${name} · follow`));
}

// ctrl-s in the focused log pane, the path typed over the suggested one and submitted; the caller waits for the outcome.
export async function submitSave(t: Terminal, path: string): Promise<void> {
  t.keys('C-s');
  await t.waitFor('save to:');
  t.keys('C-u');
  t.type(path);
  t.keys('Enter');
}
