import {describe, expect, test} from 'vitest';
import {privateEngineUnderBerth} from '../helpers/engine-under-berth.js';
import type {PrivateEngine} from '../helpers/private-engine.js';
import type {Terminal} from '../helpers/terminal.js';

// Every list view with its engine gone says so in the same words, and what berth does about it (reconnects),
// instead of "loading…" for ever; when the engine is back the lists come back. A private dockerd: the shared
// bench engine is never killed.
const DOWN = 'engine not connected: reconnecting… (ctrl-r now; 5 then c: another context)';
// In the engine view itself, c is at hand.
const DOWN_HERE = 'engine not connected: reconnecting… (ctrl-r now; c: another context)';
// Views whose body lists what the engine has: 1 Containers, 2 Images, 3 Compose, 5 Engine, 7 Volumes, 8 Networks
// (4 is the registry's, 6 only on a swarm manager).
const VIEWS = ['1', '2', '3', '5', '7', '8'];

let engine: PrivateEngine;
const {open} = privateEngineUnderBerth(30, started => {
  engine = started;
  engine.docker(['volume', 'create', 'down-test-volume']);
});

async function everyViewSaysDown(t: Terminal): Promise<void> {
  for (const key of VIEWS) {
    t.type(key);
    const screen = await t.waitFor(key === '5' ? DOWN_HERE : DOWN, 15_000);
    expect(screen, `view ${key}`).not.toMatch(/loading (containers|images|volumes|networks)…|not loaded/);
  }
}

describe('the engine gone under every list view', () => {
  test('each view says the engine is not connected and that berth reconnects; the lists come back with it', async () => {
    const t = open();
    await t.waitFor(/Containers/);
    t.type('7');
    await t.waitFor('down-test-volume', 20_000);

    await engine.kill();
    await t.waitFor(/retrying in \d+s/, 15_000);
    await everyViewSaysDown(t);
    // The rows held stay on screen (dim) under the message.
    t.type('7');
    await t.waitUntil(s => s.includes(DOWN) && s.includes('down-test-volume'), 'the volumes held, under the message');

    // Started while the engine is away: the same words, never "loading…" for ever.
    const late = open();
    await late.waitFor(/retrying in \d+s/, 20_000);
    await everyViewSaysDown(late);
    // Its lists never came: a key for one is answered at once, and the tab keys typed after it are never held
    // behind a list that cannot come.
    late.type('1');
    await late.waitFor(DOWN);
    late.type('s234578');
    const last = await late.waitUntil(
      s => /Networks/.test(s) && s.includes('NETWORK') && s.includes(DOWN),
      'view 8 at once',
      2000,
    );
    expect(last).not.toMatch(/gave up waiting|held\)/);
    late.type('1');
    await late.waitFor('engine not connected: s waits for it to come back (ctrl-r tries now)', 2000);

    await engine.startAgain();
    for (const terminal of [t, late]) {
      terminal.type('7');
      await terminal.waitUntil(
        s => s.includes('down-test-volume') && !s.includes(DOWN),
        'the volume list back without the message',
        45_000,
      );
      terminal.type('q');
      expect(await terminal.exitCode()).toBe(0);
    }
  }, 180_000);
});
