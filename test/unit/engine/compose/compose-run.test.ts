import {describe, expect, test} from 'vitest';
import {ComposeRun} from '../../../../source/engine/compose/compose-run.js';

const run = (script: string, graceMs = 200) =>
  new ComposeRun({
    program: 'sh',
    args: ['-c', script],
    env: {PATH: process.env.PATH},
    display: ['sh', '-c', 'demo'],
    graceMs,
    publishMs: 10,
  });
const texts = (r: ComposeRun) => r.buffer.toArray().map(line => `${line.stream}: ${line.text}`);

describe('a compose command as the pane shows it', () => {
  test('a progress line compose rewrites is updated in place; stderr kept; the end says exit code and command', async () => {
    const r = run(
      `echo 'Creating demo_web_1 ... '; echo 'Creating demo_db_1  ... '; echo 'Creating demo_web_1 ... done'; echo 'warning' >&2; echo 'Creating demo_db_1  ... done'; exit 3`,
    );
    r.start();
    await r.done();
    expect(r.exitCode).toBe(3);
    expect(r.status).toBe('failed');
    expect(texts(r)).toEqual([
      'system: $ sh -c demo',
      'stdout: Creating demo_web_1 ... done',
      'stdout: Creating demo_db_1  ... done',
      'stderr: warning',
      expect.stringMatching(/^system: exit 3 · [\d.]+ s · sh -c demo$/),
    ]);
  });

  test('ctrl-c: SIGINT to the process group; one that ignores it gets SIGTERM after the grace period', async () => {
    const r = run(`trap '' INT; echo started; sleep 30`);
    r.start();
    while (!texts(r).includes('stdout: started')) await new Promise(resolve => setTimeout(resolve, 10));
    const sent = Date.now();
    expect(r.interrupt()).toBe(true);
    await r.done();
    expect(Date.now() - sent).toBeGreaterThanOrEqual(150);
    expect(Date.now() - sent).toBeLessThan(5000);
    expect(r.signal).toBe('SIGTERM');
    expect(r.exitCode).toBe(143);
    expect(texts(r).join('\n')).toMatch(
      /interrupted: SIGINT sent to compose[\s\S]*compose still running: SIGTERM sent[\s\S]*interrupted · killed by SIGTERM \(exit 143\)/,
    );
    expect(r.interrupt()).toBe(false);
  });

  test('one that stops on SIGINT ends at once, interrupted', async () => {
    const r = run(`trap 'echo Aborting.; exit 130' INT; echo started; while :; do sleep 0.05; done`, 5000);
    r.start();
    while (!texts(r).includes('stdout: started')) await new Promise(resolve => setTimeout(resolve, 10));
    r.interrupt();
    await r.done();
    expect(r.exitCode).toBe(130);
    expect(texts(r)).toContain('stdout: Aborting.');
    expect(texts(r).at(-1)).toMatch(/^system: interrupted · exit 130/);
  });

  test("escape sequences in compose's output are removed before they reach the pane", async () => {
    const r = run(`printf 'ok \\033]0;title\\007\\033[2Jdone\\n'`);
    r.start();
    await r.done();
    expect(texts(r)[1]).toBe('stdout: ok done');
  });
});
