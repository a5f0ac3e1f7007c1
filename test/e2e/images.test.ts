import {existsSync, mkdtempSync, rmSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, onTestFinished, test} from 'vitest';
import {benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {buildImage, openImages} from '../helpers/images.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const repo = uniqueName('e2e-images');
const user = uniqueName('e2e-images-user');
const made = uniqueName('e2e-images-made');
let danglingId = '';

beforeAll(() => {
  danglingId = buildImage(docker, `${repo}:1`, 'old');
  buildImage(docker, `${repo}:1`, 'new');
  docker(['create', '--network', 'none', '--name', user, `${repo}:1`, 'true']);
});

afterAll(() => {
  for (const name of [user, made]) spawn(['rm', '-f', name]);
  for (const ref of [`${repo}:1`, danglingId]) spawn(['rmi', '-f', ref]);
});

function spawn(args: string[]) {
  try {
    docker(args);
  } catch {
    // Already gone.
  }
}

describe('view 2 Images in a real terminal', () => {
  test('2 lists images; enter shows the history; D shows the dangling image; p previews without removing', async () => {
    terminal = berth.start({env: benchEnv(), columns: 140, rows: 30});
    await openImages(terminal, repo);
    await terminal.waitUntil(
      screen => screen.split('\n').some(line => line.includes(repo) && /\b1\b/.test(line)),
      `${repo} row`,
    );
    // A tag made outside berth appears from the engine's image events, without a key.
    docker(['tag', `${repo}:1`, `${repo}:from-outside`]);
    await terminal.waitFor('from-outside', 10_000);
    docker(['rmi', `${repo}:from-outside`]);
    await terminal.waitUntil(screen => !screen.includes('from-outside'), 'the untagged row gone');
    terminal.keys('Enter');
    const history = await terminal.waitFor(`history of ${repo}:1`);
    expect(history).toMatch(/echo "new" > \/content/);
    terminal.keys('Escape');
    await terminal.waitUntil(screen => !screen.includes('history of'), 'history closed');
    // Dangling only: the filter by short ID finds the old build, untagged.
    terminal.keys('Escape');
    terminal.type('D');
    await terminal.waitFor('dangling only');
    terminal.type('/');
    terminal.type(danglingId.slice(7, 19));
    terminal.keys('Enter');
    const dangling = await terminal.waitUntil(
      screen => screen.includes(danglingId.slice(7, 19)) && screen.includes('<none>'),
      'the dangling row',
    );
    expect(dangling).not.toContain(`${repo} `);
    terminal.keys('Escape');
    terminal.type('D');
    terminal.type('p');
    const preview = await terminal.waitFor('prune images (dangling) would remove:', 20_000);
    expect(preview).toContain(danglingId.slice(7, 19));
    expect(preview).toMatch(/frees about/);
    terminal.keys('Escape');
    await terminal.waitUntil(screen => !screen.includes('would remove'), 'preview closed');
    expect(docker(['images', '-q', '--no-trunc', '--filter', 'dangling=true'])).toContain(danglingId);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('d lists the image and the container using it; the refusal is explained; f forces; c creates a container', async () => {
    terminal = berth.start({env: benchEnv(), columns: 140, rows: 30});
    await openImages(terminal, repo);
    await terminal.waitUntil(screen => screen.includes(repo), `${repo} row`);
    terminal.type('c');
    await terminal.waitFor(`create a container from ${repo}:1 (not started)`);
    terminal.type(made);
    terminal.keys('Tab');
    terminal.type('sh -c "echo $GREETING; exit 3"');
    terminal.keys('Tab');
    terminal.type('GREETING="hello there" B=2');
    terminal.keys('Tab');
    terminal.type(' ');
    await terminal.waitFor('[x]  a terminal');
    terminal.keys('Enter');
    await terminal.waitFor(`created ${made} from ${repo}:1`, 20_000);
    const created = JSON.parse(docker(['inspect', '--format', '{{json .}}', made])) as {
      State: {Status: string};
      Config: {Tty: boolean; Env: string[]; Cmd: string[]};
    };
    expect(created.State.Status).toBe('created');
    expect(created.Config.Tty).toBe(true);
    expect(created.Config.Env).toEqual(expect.arrayContaining(['GREETING=hello there', 'B=2']));
    expect(created.Config.Cmd).toEqual(['sh', '-c', 'echo $GREETING; exit 3']);
    docker(['rm', made]);

    terminal.type('d');
    const dialog = await terminal.waitFor('Remove this image?', 20_000);
    expect(dialog).toContain(`used by ${user} (created)`);
    terminal.type('y');
    const refused = await terminal.waitFor('not removed:', 20_000);
    expect(refused).toMatch(/a stopped container uses it/);
    terminal.keys('Escape');
    terminal.type('d');
    await terminal.waitFor('Remove this image?', 20_000);
    terminal.type('f');
    await terminal.waitFor('[force:');
    terminal.type('y');
    await terminal.waitFor(`Untagged: ${repo}:1`, 20_000);
    expect(docker(['images', '-q', `${repo}:1`]).trim()).toBe('');
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});

describe('archives from view 2, and the system prune preview from view 5', () => {
  // An image of its own: the tests above remove theirs.
  const saved = uniqueName('e2e-images-w');
  let savedId = '';
  beforeAll(() => {
    savedId = buildImage(docker, `${saved}:1`, 'saved');
  });
  afterAll(() => spawn(['rmi', '-f', `${saved}:1`]));

  test('w saves the selected image with the progress window, L loads it back; view 5 p previews without removing', async () => {
    // In /tmp itself, not under the run's TMPDIR: the path is typed, and the status line naming it has to hold it
    // on one 100-column row.
    const dir = mkdtempSync('/tmp/berth-e2e-w-');
    onTestFinished(() => rmSync(dir, {recursive: true, force: true}));
    const file = join(dir, 'one.tar');
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    await openImages(terminal, saved);
    await terminal.waitFor(saved);
    terminal.type('w');
    await terminal.waitFor(/save to: /);
    terminal.keys('C-u');
    terminal.type(file);
    terminal.keys('Enter');
    await terminal.waitFor(/saved .* to .*one\.tar/, 30_000);
    expect(statSync(file).size).toBeGreaterThan(1024);
    expect(existsSync(`${file}.partial`)).toBe(false);
    terminal.type('L');
    await terminal.waitFor(/load from: /);
    terminal.keys('C-u');
    terminal.type(file);
    terminal.keys('Enter');
    await terminal.waitFor(/loaded|Loaded image/, 30_000);
    terminal.type('5');
    await terminal.waitFor(/Connection/);
    terminal.type('p');
    await terminal.waitFor(/would remove/, 30_000);
    terminal.keys('Escape');
    await terminal.waitUntil(s => !/would remove/.test(s), 'the preview to close');
    // A preview removes nothing (other test files may build and remove images meanwhile: look at ours).
    expect(docker(['images', '-q', '--no-trunc', `${saved}:1`]).trim()).toBe(savedId);
    expect(docker(['image', 'inspect', '-f', '{{.Id}}', danglingId]).trim()).toBe(danglingId);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 90_000);
});
