import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {BUSYBOX} from '../helpers/bench.js';
import {privateEngineUnderBerth, startBerthOnEngine} from '../helpers/engine-under-berth.js';
import {openLogs, submitSave} from '../helpers/log-pane.js';
import {startPrivateEngine, type PrivateEngine} from '../helpers/private-engine.js';
import {scratchDir} from '../helpers/scratch.js';
import {adjacentPairs} from '../helpers/found.js';

// The engine killed (SIGKILL) and started again under berth. A private dockerd: the shared bench engine is never
// killed. Without live-restore, dockerd stops every container it finds running when it starts again; those with
// restart policy `always` are started again, the others stay exited.
let engine: PrivateEngine;
const scratch = scratchDir('berth-e2e-restart-');
const TICKER = 'i=0; while :; do i=$((i+1)); echo "tick $i"; sleep 0.1; done';
const {terminals, open} = privateEngineUnderBerth(36, started => {
  engine = started;
  engine.loadBusybox();
  engine.docker(['run', '-d', '--name', 'rs-always', '--restart', 'always', BUSYBOX, 'sh', '-c', TICKER]);
  engine.docker(['run', '-d', '--name', 'rs-none', BUSYBOX, 'sh', '-c', TICKER]);
  engine.docker(['run', '-d', '--name', 'rs-shell', BUSYBOX, 'sleep', '3600']);
});

const ticks = (text: string) => [...text.matchAll(/^(?:\S+ )?tick (\d+)$/gm)].map(m => Number(m[1]));

describe('engine killed and started again', () => {
  test('banner, lists, log follow (restarted and exited containers) and an exec shell', async () => {
    const following = open();
    await openLogs(following, 'rs-always');
    await following.waitFor(/tick \d+/);
    const exited = open();
    await openLogs(exited, 'rs-none');
    await exited.waitFor(/tick \d+/);
    const shell = open();
    await shell.waitFor(/API 1\.41/);
    shell.type('/');
    shell.type('rs-shell');
    shell.keys('Enter');
    await shell.waitFor('filter: rs-shell');
    shell.type('e');
    await shell.waitUntil(s => /^\/ #\s*$/m.test(s), 'the shell prompt');

    await engine.kill();
    // The exec shell ends with a message naming what happened, and berth's UI comes back (alternate screen).
    const back = await shell.waitFor(/lost the connection to the engine during \/bin\/sh in rs-shell/, 15_000);
    expect(back.replace(/\s+/g, ' ')).toMatch(/the engine stopped or restarted/);
    expect(back).toMatch(/rs-shell/);
    expect(shell.alternateScreen()).toBe(true);
    // The banner says the connection was lost, then that the engine refuses connections, and when it retries.
    const banner = await following.waitFor(/retrying in \d+s/, 15_000);
    expect(banner).toMatch(/connection lost|connection refused/);
    await following.waitFor(/log stream interrupted/);
    await exited.waitFor(/log stream interrupted/);

    await engine.startAgain();
    // Lists come back: the banner goes, the status says so, the states are the engine's new ones.
    await following.waitUntil(s => !/retrying (in|now)/.test(s), 'the banner to go', 30_000);
    await following.waitFor(/is back after \d+ s; lists refreshed/, 30_000);
    await shell.waitFor(/rs-shell\s+exited 137/, 30_000);

    // rs-always was stopped by the restart and started again by its policy: the follow resumes, says so at the
    // place where the new process begins, and has every line the engine has, once.
    await following.waitFor(/container restarted: stopped at/, 30_000);
    await following.waitUntil(
      s => [...s.matchAll(/tick (\d+)\s*$/gm)].some(m => Number(m[1]) >= 20),
      'ticks of the new process',
      15_000,
    );
    const dir = mkdtempSync(join(scratch, 'restart-'));
    await submitSave(following, join(dir, 'always.log'));
    await following.waitFor(/saved \d+ lines/);
    const saved = readFileSync(join(dir, 'always.log'), 'utf8');
    const engineTicks = ticks(engine.docker(['logs', 'rs-always']));
    const savedTicks = ticks(saved);
    // A restart in the middle: the count starts again at 1.
    expect(adjacentPairs(savedTicks).some(([n, next]) => next < n)).toBe(true);
    // No gap and no duplicate: what berth holds is a contiguous run of what the engine logged.
    expect(`,${engineTicks.join(',')},`).toContain(`,${savedTicks.join(',')},`);
    const savedLines = saved.split('\n');
    const note = savedLines.findIndex(line => line.startsWith('container restarted: stopped at'));
    expect(savedLines[note + 1]).toMatch(/^tick 1$/);
    expect(savedLines.filter(line => line.startsWith('container restarted'))).toHaveLength(1);

    // rs-none had no restart policy: the follow reads what was left and says the container exited.
    const ended = await exited.waitFor(/container exited with code 137 at/, 30_000);
    expect(ended).toMatch(/logs rs-none · follow · ended/);

    for (const t of [following, exited, shell]) {
      t.keys('Escape');
      t.type('q');
      expect(await t.exitCode()).toBe(0);
    }
  }, 120_000);

  test('live-restore: a running container survives the engine; the follow resumes with every line once and no restart note', async () => {
    const dir = mkdtempSync(join(scratch, 'live-restore-'));
    const configFile = join(dir, 'daemon.json');
    writeFileSync(configFile, '{"live-restore": true}\n');
    const live = await startPrivateEngine({configFile});
    try {
      live.loadBusybox();
      live.docker(['run', '-d', '--name', 'lr-ticker', BUSYBOX, 'sh', '-c', TICKER]);
      const t = startBerthOnEngine(live, 36);
      terminals.push(t);
      await openLogs(t, 'lr-ticker');
      await t.waitFor(/tick \d+/);
      const startedAt = live.docker(['inspect', '-f', '{{.State.StartedAt}}', 'lr-ticker']).trim();
      await live.kill();
      await t.waitFor(/log stream interrupted/, 15_000);
      await new Promise(r => setTimeout(r, 2000));
      await live.startAgain();
      await t.waitFor(/is back after \d+ s; lists refreshed/, 30_000);
      // The same process: it was never stopped.
      expect(live.docker(['inspect', '-f', '{{.State.StartedAt}}', 'lr-ticker']).trim()).toBe(startedAt);
      await new Promise(r => setTimeout(r, 2500));
      const save = join(dir, 'ticker.log');
      await submitSave(t, save);
      await t.waitFor(/saved \d+ lines/);
      const saved = readFileSync(save, 'utf8');
      const savedTicks = ticks(saved);
      const engineTicks = ticks(live.docker(['logs', 'lr-ticker']));
      // One process counting: consecutive numbers, none twice, none missing, as the engine has them.
      expect(savedTicks.length).toBeGreaterThan(20);
      expect(adjacentPairs(savedTicks).every(([n, next]) => next === n + 1)).toBe(true);
      expect(`,${engineTicks.join(',')},`).toContain(`,${savedTicks.join(',')},`);
      expect(saved).toContain('log stream resumed');
      expect(saved).not.toContain('container restarted');
      t.keys('Escape');
      t.type('q');
      expect(await t.exitCode()).toBe(0);
    } finally {
      await live.stop();
    }
  }, 120_000);
});
