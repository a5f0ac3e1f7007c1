import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {buildImage} from '../helpers/images.js';
import {startPrivateEngine, type PrivateEngine} from '../helpers/private-engine.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// berth prune on a terminal asks y/N after the preview. A private engine: a prune must never touch the shared one.
let engine: PrivateEngine;
const berth = berthPerTest();
let terminal: Terminal | undefined;
let dangling = '';

beforeAll(async () => {
  engine = await startPrivateEngine();
  engine.loadBusybox();
  const run = (args: string[], input?: string) => engine.docker(args, input);
  dangling = buildImage(run, 'app:1', 'old');
  buildImage(run, 'app:1', 'new');
}, 120_000);

afterAll(async () => {
  await engine?.stop();
});

const ids = () => engine.docker(['images', '-a', '-q', '--no-trunc']);
const env = {DOCKER_HOST: undefined, DOCKER_TLS_VERIFY: undefined, DOCKER_CERT_PATH: undefined};

describe('berth prune at a terminal', () => {
  test('lists the targets and asks; n removes nothing, y removes exactly them', async () => {
    terminal = berth.start({args: ['--host', engine.host, 'prune', 'images'], env, columns: 120, rows: 30});
    const asked = await terminal.waitFor('Remove these? [y/N]', 20_000);
    expect(asked).toContain('prune images (dangling) would remove:');
    expect(asked).toContain(dangling.slice(7, 19));
    terminal.type('n');
    terminal.keys('Enter');
    await terminal.waitFor('nothing removed');
    expect(await terminal.exitCode()).toBe(0);
    expect(ids()).toContain(dangling);
    terminal.stop();

    terminal = berth.start({args: ['--host', engine.host, 'prune', 'images'], env, columns: 120, rows: 30});
    await terminal.waitFor('Remove these? [y/N]', 20_000);
    terminal.type('y');
    terminal.keys('Enter');
    await terminal.waitFor('Total reclaimed space:', 20_000);
    expect(await terminal.exitCode()).toBe(0);
    expect(ids()).not.toContain(dangling);
  });
});
