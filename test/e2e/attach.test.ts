import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, BUSYBOX, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {berthPerTest, focusContainer, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const shell = uniqueName('e2e-attach-tty');
const printer = uniqueName('e2e-attach-log');
const piped = uniqueName('e2e-attach-stdin');
const trapper = uniqueName('e2e-attach-int');
const running = (name: string) => docker(['inspect', '--format', '{{.State.Running}}', name]).trim();

beforeAll(() => {
  docker(['run', '-dit', '--name', shell, '--network', 'none', BUSYBOX, 'sh']);
  runTestContainer(trapper, ['sh', '-c', 'trap "echo got-int; exit 7" INT; while :; do echo alive; sleep 0.2; done'], {
    init: false,
    label: false,
  });
  docker(['run', '-di', '--name', piped, '--network', 'none', BUSYBOX, 'sh']);
  runTestContainer(printer, ['sh', '-c', 'i=0; while :; do i=$((i+1)); echo "tick $i"; sleep 0.3; done'], {
    init: false,
    label: false,
  });
});

afterAll(() => {
  try {
    docker(['rm', '-f', shell, printer, piped, trapper]);
  } catch {
    // Already gone.
  }
});

describe('attach in a real terminal', () => {
  test('A on a TTY sh container: the warning, then typing reaches sh, ctrl-p ctrl-q detaches and the container runs on', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    await focusContainer(terminal, shell);
    terminal.type('A');
    const warning = await terminal.waitFor(`Attach to the main process of ${shell}?`);
    expect(warning).toContain('ctrl-c goes to the process');
    expect(warning).toContain('ctrl-p ctrl-q detaches');
    terminal.type('y');
    await terminal.waitFor(`berth: attached to ${shell}`);
    terminal.type('echo attached-$((6*7))');
    terminal.keys('Enter');
    await terminal.waitFor('attached-42');
    terminal.keys('C-p', 'C-q');
    await terminal.waitFor(`detached from ${shell} (ctrl-p ctrl-q); it is still running`);
    expect(running(shell)).toBe('true');
    // The UI is back: keys work.
    terminal.type('?');
    await terminal.waitFor('Keys · ');
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test(':attach on a container without a TTY shows its lines live; its own detach keys detach', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(`:attach --detach-keys=ctrl-x ${printer}`);
    terminal.keys('Enter');
    await terminal.waitFor('ctrl-x detaches and returns to berth');
    terminal.type('y');
    const first = await terminal.waitFor(/tick (\d+)/);
    const seen = Number(
      /tick (\d+)/.exec(
        first
          .split('\n')
          .filter(line => /tick \d+/.test(line))
          .at(-1)!,
      )![1],
    );
    // Live: newer lines keep arriving while attached.
    await terminal.waitUntil(screen => screen.includes(`tick ${seen + 3}`), 'three more lines');
    // ctrl-p ctrl-q are not the keys this time.
    terminal.keys('C-p', 'C-q');
    await terminal.waitUntil(screen => screen.includes(`tick ${seen + 6}`), 'still attached');
    terminal.keys('C-x');
    await terminal.waitFor(`detached from ${printer} (ctrl-x); it is still running`);
    expect(running(printer)).toBe('true');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('a container with stdin but no TTY: typed lines reach it (echoed by berth) and the status gives the exit code', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(`:attach ${piped}`);
    terminal.keys('Enter');
    await terminal.waitFor('Attach to the main process');
    terminal.type('y');
    await terminal.waitFor(`berth: attached to ${piped}`);
    terminal.type('echo piped-$((7*6)); exit 3');
    terminal.keys('Enter');
    // berth takes the screen back as soon as the process exits: its output may be gone before a capture.
    await terminal.waitFor(`attach ${piped}: the process exited 3; the container stopped`);
    expect(docker(['logs', piped])).toContain('piped-42');
    expect(running(piped)).toBe('false');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('without a TTY, ctrl-c goes to the process as SIGINT, as the warning says', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(`:attach ${trapper}`);
    terminal.keys('Enter');
    await terminal.waitFor('ctrl-c goes to the process');
    terminal.type('y');
    await terminal.waitFor('alive');
    terminal.keys('C-c');
    // berth takes the screen back as soon as the process exits: its last line may be gone before a capture.
    await terminal.waitFor(`attach ${trapper}: the process exited 7; the container stopped · 1 ctrl-c`);
    expect(docker(['logs', trapper])).toContain('got-int');
    expect(running(trapper)).toBe('false');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});
