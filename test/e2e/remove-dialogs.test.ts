import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {commitImage, openImages} from '../helpers/images.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// What the image remove dialogs say (d, :rmi by ID and by prefix, f), against what the engine then did.
const berth = berthPerTest();
let terminal: Terminal | undefined;

const repo = uniqueName('e2e-rmd');
const user = `${repo}-user`;
let id = '';

const quiet = (args: string[]) => {
  try {
    docker(args);
  } catch {
    // Already gone.
  }
};

beforeAll(() => {
  id = commitImage(docker, `${repo}:1`);
  docker(['tag', `${repo}:1`, `${repo}:2`]);
  docker(['create', '--network', 'none', '--name', user, `${repo}:1`, 'true']);
});

afterAll(() => {
  quiet(['rm', '-f', user]);
  quiet(['rmi', '-f', id]);
});

// The rows shown, the filter applied.
async function openOwnImages(t: Terminal): Promise<void> {
  await openImages(t, repo);
  await t.waitUntil(s => s.includes(`${repo} `) && !/esc cancel\s*$/.test(s.trimEnd()), 'the rows, the filter applied');
}

function command(t: Terminal, line: string): void {
  t.type(':');
  t.type(line);
  t.keys('Enter');
}

const short = () => id.slice(7, 19);
const tags = () => JSON.parse(docker(['image', 'inspect', '--format', '{{json .RepoTags}}', id])) as string[];

describe('image remove dialogs list what they touch', () => {
  test(':rmi ID lists every tag and the container; d on a name:tag says only that name goes, and f says so', async () => {
    terminal = berth.start({env: benchEnv(), columns: 160, rows: 30});
    await openOwnImages(terminal);
    command(terminal, `rmi ${short()}`);
    const dialog = await terminal.waitFor('Remove this image?', 20_000);
    expect(dialog).toContain(`${short()}  named ${tags().join(', ')}  used by ${user} (created)`);
    terminal.type('f');
    await terminal.waitFor('[force: untag every name listed and delete, even if a stopped container uses it]');
    terminal.type('n');
    await terminal.waitUntil(s => !s.includes('Remove this image?'), 'the dialog closed');

    // The selected row is the first: :1.
    terminal.type('d');
    const one = await terminal.waitFor('Remove this image?', 20_000);
    expect(one).toContain(`${repo}:1 ${short()}  untags only this name; the image stays as ${repo}:2`);
    terminal.type('f');
    const forced = await terminal.waitFor('[force: untag only the name given;');
    expect(forced).not.toContain('untag every name');
    terminal.type('y');
    await terminal.waitFor(`Untagged: ${repo}:1`, 20_000);
    expect(tags()).toEqual([`${repo}:2`]);
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);

  test('80 columns: the refusal is read whole; :rmi by a prefix, forced, untags the name listed and deletes', async () => {
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    await openOwnImages(terminal);
    await terminal.waitUntil(s => s.includes(`${repo} `), 'the row');
    terminal.type('d');
    await terminal.waitFor('Remove this image?', 20_000);
    terminal.type('y');
    const refused = await terminal.waitFor('the bare image ID)', 20_000);
    // The pane's rows inside its frame, joined.
    const flat = refused
      .split('\n')
      .filter(line => line.startsWith('│'))
      .map(line => line.replace(/^│|│$/g, '').trim())
      .join(' ');
    expect(flat).toContain(
      `a stopped container uses it: ${user} (created); remove the container first, or force (the image is deleted; the container stays and shows the bare image ID) (d, then f in the dialog, forces)`,
    );
    expect(refused.split('\n').every(line => line.length <= 80)).toBe(true);
    terminal.keys('Escape');
    const prefix = id.slice(7, 12);
    command(terminal, `rmi ${prefix}`);
    const dialog = await terminal.waitFor('Remove this image?', 20_000);
    expect(dialog).toContain(`${short()}  named ${repo}:2`);
    terminal.type('f');
    await terminal.waitFor('[force: untag every name listed');
    terminal.type('y');
    await terminal.waitFor(`Deleted: ${id.slice(0, 20)}`, 20_000);
    expect(docker(['images', '-q', '--no-trunc']).split('\n')).not.toContain(id);
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);
});
