import {execFileSync, spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterEach} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
// BERTH_E2E_TMUX: another server name, so two checkouts can run their e2e tests at once.
export const SOCKET = process.env.BERTH_E2E_TMUX || 'berth-e2e';
let counter = 0;

const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], {encoding: 'utf8'});

// Test files share one tmux server, which exits with its last session: a test ending its session while another
// starts one raced it ("server exited unexpectedly"). A session that lives as long as the run keeps it up;
// scripts/test.sh kills the server at the end.
function keepServer(): void {
  spawnSync('tmux', ['-L', SOCKET, 'new-session', '-d', '-s', 'keep', 'sleep 86400']);
}

export type Terminal = {
  session: string;
  screen(): string;
  // The screen with its colours (SGR) as tmux holds them.
  screenWithEscapes(): string;
  // From now on, everything berth writes is also copied to a file; the bytes copied so far.
  record(): void;
  recordedBytes(): number;
  // What was copied so far, as bytes written (escapes included).
  recorded(): string;
  // The process id of berth (the node process the wrapper script runs).
  berthPid(): number;
  waitFor(what: RegExp | string, timeoutMs?: number): Promise<string>;
  waitUntil(check: (screen: string) => boolean, description: string, timeoutMs?: number): Promise<string>;
  keys(...keys: string[]): void;
  type(text: string): void;
  resize(columns: number, rows: number): void;
  exitCode(timeoutMs?: number): Promise<number>;
  alternateScreen(): boolean;
  cursorVisible(): boolean;
  sttyAfterExit(): string;
  stop(): void;
};

// berth in a real terminal (tmux), with CI=false because Ink draws nothing under CI. After berth exits, the
// wrapper prints its exit code and the terminal's mode so tests can check that berth restored it.
export function startBerth(
  options: {args?: string[]; env?: NodeJS.ProcessEnv; columns?: number; rows?: number; before?: string} = {},
): Terminal {
  const session = `t${process.pid}-${++counter}`;
  const dir = mkdtempSync(join(tmpdir(), 'berth-e2e-'));
  const script = join(dir, 'run.sh');
  // A private config and state directory: the developer's own config and command log stay out of it. TMPDIR
  // spelled out: a pane gets the tmux server's environment, and the server may be older than this run (its
  // TMPDIR another run's directory, test/run-temp-dir.ts, long removed).
  // Alerts off in that private config: the e2e files run side by side on one engine, and another test's container
  // exiting 137 would put an alert in this berth's status line. A test that brings its own config (its own
  // XDG_CONFIG_HOME or --config) has what it asks for; test/e2e/events-alerts.test.ts turns them on.
  if (!options.env?.XDG_CONFIG_HOME && !options.args?.includes('--config')) {
    mkdirSync(join(dir, 'config', 'berth'), {recursive: true});
    writeFileSync(join(dir, 'config', 'berth', 'config.yml'), 'alerts: false\n');
  }
  const env = {
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
    TMPDIR: tmpdir(),
    ...options.env,
    CI: 'false',
    TERM: 'xterm-256color',
  };
  // The tmux server inherits the test runner's environment: a key given as undefined is unset, not inherited.
  const exports = Object.entries(env)
    .map(([key, value]) =>
      value === undefined ? `unset ${key}` : `export ${key}='${String(value).replace(/'/g, `'\\''`)}'`,
    )
    .join('\n');
  writeFileSync(
    script,
    `${exports}\ncd '${ROOT}'\n${options.before ?? ''}\nnode bin/berth.js ${(options.args ?? []).map(a => `'${a}'`).join(' ')}\necho "__EXIT:$?" > '${dir}/exit'\nstty -a > '${dir}/stty'\necho "__AFTER__"\nsleep 600\n`,
  );
  keepServer();
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    String(options.columns ?? 100),
    '-y',
    String(options.rows ?? 30),
    `bash ${script}`,
  );
  const screen = () => tmux('capture-pane', '-p', '-t', session);
  const waitUntil = async (check: (s: string) => boolean, description: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      last = screen();
      if (check(last)) return last;
      await new Promise(r => setTimeout(r, 50));
    }
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}; the screen shows:\n${last}`);
  };
  return {
    session,
    screen,
    screenWithEscapes: () => tmux('capture-pane', '-p', '-e', '-t', session),
    record: () => {
      writeFileSync(join(dir, 'output'), '');
      tmux('pipe-pane', '-o', '-t', session, `cat >> '${join(dir, 'output')}'`);
    },
    recordedBytes: () => statSync(join(dir, 'output')).size,
    recorded: () => readFileSync(join(dir, 'output'), 'latin1'),
    berthPid: () => {
      const shell = tmux('display-message', '-p', '-t', session, '#{pane_pid}').trim();
      return Number(execFileSync('pgrep', ['-P', shell], {encoding: 'utf8'}).trim().split('\n')[0]);
    },
    waitUntil,
    waitFor: (what, timeoutMs) =>
      waitUntil(s => (typeof what === 'string' ? s.includes(what) : what.test(s)), String(what), timeoutMs),
    keys: (...keys) => void tmux('send-keys', '-t', session, ...keys),
    type: text => void tmux('send-keys', '-t', session, '-l', '--', text),
    resize: (columns, rows) => void tmux('resize-window', '-t', session, '-x', String(columns), '-y', String(rows)),
    async exitCode(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        try {
          const text = readFileSync(join(dir, 'exit'), 'utf8');
          const match = /__EXIT:(\d+)/.exec(text);
          if (match) {
            await waitUntil(s => s.includes('__AFTER__'), 'the wrapper to finish');
            return Number(match[1]);
          }
        } catch {
          // not yet
        }
        await new Promise(r => setTimeout(r, 50));
      }
      throw new Error(`berth did not exit within ${timeoutMs} ms; the screen shows:\n${screen()}`);
    },
    alternateScreen: () => tmux('display-message', '-p', '-t', session, '#{alternate_on}').trim() === '1',
    cursorVisible: () => tmux('display-message', '-p', '-t', session, '#{cursor_flag}').trim() === '1',
    sttyAfterExit: () => readFileSync(join(dir, 'stty'), 'utf8'),
    stop: () => {
      spawnSync('tmux', ['-L', SOCKET, 'kill-session', '-t', session]);
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

// Filters the containers view down to one container: other tests' containers may fill the screen.
export async function focusContainer(t: Terminal, name: string): Promise<void> {
  await t.waitFor(/API 1\.41/);
  t.type('/');
  t.type(name);
  t.keys('Enter');
  await t.waitFor(`filter: ${name}`);
  await t.waitUntil(
    s => s.split('\n').some(line => line.includes('●') && line.includes(name)) || s.includes(name),
    name,
  );
}

// The one way an end-to-end test file starts berth: `const berth = berthPerTest();` at the top, then
// `berth.start({...})` in a test. Every berth a test started is stopped after it, passed or failed, so no tmux
// session or berth process outlives its test.
// A berth started through another helper (several engines' contexts) is handed to `adopt` for the same end.
export function berthPerTest(): {start: typeof startBerth; adopt: (terminal: Terminal) => Terminal} {
  const started: Terminal[] = [];
  afterEach(() => {
    for (const terminal of started.splice(0)) terminal.stop();
  });
  return {
    start: options => {
      const terminal = startBerth(options);
      started.push(terminal);
      return terminal;
    },
    adopt: terminal => {
      started.push(terminal);
      return terminal;
    },
  };
}
