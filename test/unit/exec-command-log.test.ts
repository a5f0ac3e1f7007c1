import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {commandLogPath, dockerExecCommand, dockerRunCommand, logCommand, shellQuote} from '../../source/command-log.js';
import {scratchDir} from '../helpers/scratch.js';

describe('dockerExecCommand', () => {
  it('renders the flags the way a user would type them', () => {
    expect(dockerExecCommand({containerName: 'web-1', cmd: ['sh'], user: 'nobody', tty: true, interactive: true})).toBe(
      'docker exec -it -u nobody web-1 sh',
    );
    expect(dockerExecCommand({containerName: 'web-1', cmd: ['ls', '-l'], tty: false, interactive: false})).toBe(
      'docker exec web-1 ls -l',
    );
    expect(dockerExecCommand({containerName: 'web-1', cmd: ['cat'], tty: false, interactive: true})).toBe(
      'docker exec -i web-1 cat',
    );
    expect(dockerExecCommand({containerName: 'web-1', cmd: ['top'], tty: true, interactive: false})).toBe(
      'docker exec -t web-1 top',
    );
  });

  it('quotes arguments that the shell would split or expand', () => {
    expect(
      dockerExecCommand({containerName: 'db', cmd: ['sh', '-c', 'echo $HOME; ls *'], tty: true, interactive: true}),
    ).toBe(`docker exec -it db sh -c 'echo $HOME; ls *'`);
    expect(dockerExecCommand({containerName: 'db', cmd: ['echo', "it's"], tty: false, interactive: false})).toBe(
      `docker exec db echo 'it'\\''s'`,
    );
  });

  it('never writes environment values, only their names', () => {
    const line = dockerExecCommand({
      containerName: 'api',
      cmd: ['env'],
      tty: false,
      interactive: false,
      env: ['DB_PASSWORD=hunter2', 'MULTI=a=b=c', 'FROM_CLIENT'],
    });
    expect(line).toBe(`docker exec -e 'DB_PASSWORD=***' -e 'MULTI=***' -e FROM_CLIENT api env`);
    expect(line).not.toContain('hunter2');
    expect(line).not.toContain('a=b=c');
  });
});

describe('dockerRunCommand', () => {
  it('renders run -it with --rm and a command', () => {
    expect(dockerRunCommand({image: 'busybox', cmd: ['sh'], rm: true})).toBe('docker run -it --rm busybox sh');
    expect(dockerRunCommand({image: 'reg:5000/tools/busybox:1.2.0'})).toBe(
      'docker run -it reg:5000/tools/busybox:1.2.0',
    );
    expect(dockerRunCommand({image: 'busybox', name: 'scratch 1', env: ['TOKEN=abc']})).toBe(
      `docker run -it --name 'scratch 1' -e 'TOKEN=***' busybox`,
    );
  });

  it("names the engine's context with several engines (r on a row of engine second)", () => {
    expect(dockerRunCommand({context: 'second', image: 'busybox'})).toBe('docker --context second run -it busybox');
  });
});

describe('shellQuote', () => {
  const cases = [
    '',
    'plain',
    'two words',
    "it's",
    'a"b',
    '$(rm -rf /)',
    '`x`',
    'back\\slash',
    'tab\there',
    'new\nline',
    'bell\x07',
    '~user',
    '*',
    'ünïcode',
    "'",
  ];

  it('keeps the log one line per command', () => {
    for (const word of cases) expect(shellQuote(word)).not.toMatch(/[\n\r]/);
    expect(shellQuote('new\nline')).toBe(`$'new\\nline'`);
    expect(shellQuote('')).toBe(`''`);
  });

  it('round-trips through bash to the same argument', () => {
    const script = `for a in ${cases.map(shellQuote).join(' ')}; do printf '%s\\0' "$a"; done`;
    const words = execFileSync('bash', ['-c', script], {encoding: 'utf8'}).split('\0').slice(0, -1);
    expect(words).toEqual(cases);
  });
});

describe('logCommand', () => {
  const scratch = scratchDir('berth-state-');

  it('appends "<ISO time> <command>" under $XDG_STATE_HOME/berth, creating the directory', () => {
    const state = mkdtempSync(join(scratch, 'state-'));
    const env = {XDG_STATE_HOME: join(state, 'deeper')};
    logCommand('docker exec -it web-1 sh', {env, now: new Date('2026-11-22T10:00:00.000Z')});
    logCommand('docker run -it --rm busybox sh', {env, now: new Date('2026-11-22T10:00:01.000Z')});
    const file = join(state, 'deeper', 'berth', 'commands.log');
    expect(commandLogPath(env)).toBe(file);
    expect(readFileSync(file, 'utf8')).toBe(
      '2026-11-22T10:00:00.000Z docker exec -it web-1 sh\n2026-11-22T10:00:01.000Z docker run -it --rm busybox sh\n',
    );
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('defaults to ~/.local/state and ignores a relative XDG_STATE_HOME', () => {
    expect(commandLogPath({XDG_STATE_HOME: 'relative/dir'})).toMatch(/\/\.local\/state\/berth\/commands\.log$/);
    expect(commandLogPath({})).toMatch(/\/\.local\/state\/berth\/commands\.log$/);
  });

  it('never throws, even when the directory cannot be created', () => {
    const state = mkdtempSync(join(scratch, 'state-'));
    const blocker = join(state, 'file');
    writeFileSync(blocker, '');
    expect(() => logCommand('docker ps', {env: {XDG_STATE_HOME: blocker}})).not.toThrow();
  });
});
