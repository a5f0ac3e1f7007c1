import {execFileSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir, userInfo} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeEach, describe, expect, test} from 'vitest';
import {describeConnectError} from '../../../../source/engine/connect-errors.js';
import {SshError, sshSettings} from '../../../../source/engine/ssh/agent.js';
import {patternListMatches, readSshConfig} from '../../../../source/engine/ssh/config.js';
import {resolveEngineTarget} from '../../../../source/engine/target.js';

const saved = {HOME: process.env.HOME, SSH_AUTH_SOCK: process.env.SSH_AUTH_SOCK};
let home: string;
let ssh: string;
const write = (name: string, text: string) => {
  const file = join(ssh, name);
  mkdirSync(join(file, '..'), {recursive: true});
  writeFileSync(file, text);
  return file;
};

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'berth-ssh-config-'));
  ssh = join(home, '.ssh');
  mkdirSync(ssh);
  process.env.HOME = home;
  delete process.env.SSH_AUTH_SOCK;
});
afterEach(() => rmSync(home, {recursive: true, force: true}));
afterAll(() => {
  process.env.HOME = saved.HOME;
  if (saved.SSH_AUTH_SOCK !== undefined) process.env.SSH_AUTH_SOCK = saved.SSH_AUTH_SOCK;
});

describe('~/.ssh/config', () => {
  test('Host patterns: *, ?, !negation, several per line', () => {
    expect(patternListMatches(['*.example'], 'build.example')).toBe(true);
    expect(patternListMatches(['build?'], 'build1')).toBe(true);
    expect(patternListMatches(['*', '!build1'], 'build1')).toBe(false);
    expect(patternListMatches(['a', 'b'], 'B')).toBe(true);
    expect(patternListMatches(['a.b'], 'axb')).toBe(false);
  });

  test('the first value of each keyword wins; IdentityFile accumulates; Match blocks are skipped', () => {
    write(
      'config',
      [
        'Host engine',
        '  HostName 10.0.0.5',
        '  Port 2222',
        '  IdentityFile ~/.ssh/engine_key',
        'Match host engine exec "false"',
        '  User matched',
        'Host *',
        '  User everyone',
        '  Port 22',
        '  IdentityFile=~/.ssh/id_ed25519',
      ].join('\n'),
    );
    expect(readSshConfig('engine')).toEqual({
      hostName: '10.0.0.5',
      user: 'everyone',
      port: 2222,
      identityFiles: [join(ssh, 'engine_key'), join(ssh, 'id_ed25519')],
    });
    expect(readSshConfig('other')).toEqual({user: 'everyone', port: 22, identityFiles: [join(ssh, 'id_ed25519')]});
  });

  test('tokens and variables: %h in HostName, %d %r %u %h and ${VAR} in IdentityFile, quotes', () => {
    process.env.BERTH_TEST_KEYS = '/keys';
    write(
      'config',
      'Host web\n  HostName %h.internal\n  User deploy\n  IdentityFile "%d/.ssh/%r@%h"\n  IdentityFile ${BERTH_TEST_KEYS}/%u\n',
    );
    expect(readSshConfig('web')).toMatchObject({
      hostName: 'web.internal',
      identityFiles: [join(home, '.ssh', 'deploy@web.internal'), `/keys/${userInfo().username}`],
    });
    delete process.env.BERTH_TEST_KEYS;
  });

  test('Include, relative to ~/.ssh, with a glob, read in place', () => {
    write('config.d/10-engine', 'Host engine\n  HostName 10.0.0.9\n');
    write('config.d/20-all', 'Host *\n  User fromglob\n');
    write('config', 'Include config.d/*\nHost engine\n  HostName ignored\n');
    expect(readSshConfig('engine')).toMatchObject({hostName: '10.0.0.9', user: 'fromglob'});
  });

  test('IdentityAgent, IdentitiesOnly, UserKnownHostsFile, HostKeyAlias', () => {
    write(
      'config',
      'Host a\n  IdentityAgent ~/agent.sock\n  UserKnownHostsFile ~/.ssh/kh_a /etc/kh\n  HostKeyAlias engine-a\nHost b\n  IdentityAgent none\n  IdentitiesOnly yes\n',
    );
    expect(readSshConfig('a')).toMatchObject({
      identityAgent: join(home, 'agent.sock'),
      userKnownHostsFiles: [join(ssh, 'kh_a'), '/etc/kh'],
      hostKeyAlias: 'engine-a',
    });
    expect(readSshConfig('b')).toMatchObject({identityAgent: 'none', identitiesOnly: true});
  });
});

describe('ssh settings of an ssh:// target', () => {
  const target = (url: string) => resolveEngineTarget({host: url}, {});

  test('URL port and user win over the config; without them the config and the local user apply', () => {
    write('config', 'Host engine\n  HostName Engine.Example\n  Port 2200\n  User cfguser\n');
    expect(sshSettings(target('ssh://root@engine:2201'), {})).toMatchObject({
      host: 'engine.example',
      port: 2201,
      username: 'root',
      hostKeyName: '[engine.example]:2201',
      sshCommand: 'ssh -p 2201 root@engine',
    });
    expect(sshSettings(target('ssh://engine'), {})).toMatchObject({
      port: 2200,
      username: 'cfguser',
      sshCommand: 'ssh engine',
    });
    expect(sshSettings(target('ssh://plain'), {})).toMatchObject({
      host: 'plain',
      port: 22,
      username: userInfo().username,
      hostKeyName: 'plain',
    });
  });

  test('identities: the configured ones, else the defaults; passphrase-protected ones are skipped with a reason', () => {
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(ssh, 'id_ed25519')]);
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', 'pw', '-f', join(ssh, 'id_ecdsa')]);
    writeFileSync(join(ssh, 'id_rsa'), 'not a key\n');
    const defaults = sshSettings(target('ssh://h'), {}).identities;
    expect(
      defaults.map(identity => [
        identity.file.slice(ssh.length + 1),
        Boolean(identity.key),
        identity.problem?.split(' (')[0],
      ]),
    ).toEqual([
      ['id_rsa', false, 'is not a usable private key'],
      ['id_ecdsa', false, 'is passphrase-protected'],
      ['id_ed25519', true, undefined],
    ]);
    write('config', 'Host h\n  IdentityFile ~/.ssh/id_ed25519\n  IdentityFile ~/.ssh/missing\n');
    expect(sshSettings(target('ssh://h'), {}).identities.map(identity => identity.file)).toEqual([
      join(ssh, 'id_ed25519'),
    ]);
  });

  test('the agent: SSH_AUTH_SOCK, IdentityAgent, none, or left out by IdentitiesOnly', () => {
    expect(sshSettings(target('ssh://h'), {SSH_AUTH_SOCK: '/run/agent'}).agentSocket).toBe('/run/agent');
    expect(sshSettings(target('ssh://h'), {}).agentSocket).toBeUndefined();
    write(
      'config',
      'Host a\n  IdentityAgent /other/agent\nHost b\n  IdentityAgent none\nHost c\n  IdentitiesOnly yes\n',
    );
    expect(sshSettings(target('ssh://a'), {SSH_AUTH_SOCK: '/run/agent'}).agentSocket).toBe('/other/agent');
    expect(sshSettings(target('ssh://b'), {SSH_AUTH_SOCK: '/run/agent'}).agentSocket).toBeUndefined();
    expect(sshSettings(target('ssh://c'), {SSH_AUTH_SOCK: '/run/agent'}).agentSocket).toBeUndefined();
  });

  test('known_hosts files: the user file (or UserKnownHostsFile), then the system ones; HostKeyAlias names the entry', () => {
    expect(sshSettings(target('ssh://h'), {}).knownHostsFiles).toEqual([
      join(ssh, 'known_hosts'),
      join(ssh, 'known_hosts2'),
      '/etc/ssh/ssh_known_hosts',
      '/etc/ssh/ssh_known_hosts2',
    ]);
    write('config', 'Host h\n  UserKnownHostsFile ~/kh\n  HostKeyAlias Engine\n');
    expect(sshSettings(target('ssh://h:2222'), {})).toMatchObject({
      knownHostsFiles: [join(home, 'kh'), '/etc/ssh/ssh_known_hosts', '/etc/ssh/ssh_known_hosts2'],
      hostKeyName: 'engine',
    });
  });
});

describe('connect errors of ssh:// engines', () => {
  const target = resolveEngineTarget({host: 'ssh://root@10.0.0.5:2222'}, {});
  const where = 'engine ssh://root@10.0.0.5:2222';
  const withProps = (message: string, props: Record<string, unknown>) => Object.assign(new Error(message), props);

  test("berth's own ssh errors pass through, prefixed with the engine", () => {
    expect(
      describeConnectError(
        target,
        new SshError('ssh host key of x is not in ~/.ssh/known_hosts', 'BERTH_SSH_HOST_KEY'),
      ),
    ).toBe(`${where}: ssh host key of x is not in ~/.ssh/known_hosts`);
  });

  test('socket and ssh2 errors speak of sshd, not dockerd or TLS', () => {
    expect(
      describeConnectError(
        target,
        withProps('connect ECONNREFUSED 10.0.0.5:2222', {code: 'ECONNREFUSED', address: '10.0.0.5', port: 2222}),
      ),
    ).toBe(
      `${where}: connection refused on 10.0.0.5:2222; is sshd listening there? (check the port in the URL, or Port in ~/.ssh/config)`,
    );
    expect(
      describeConnectError(target, withProps('getaddrinfo ENOTFOUND nohost', {code: 'ENOTFOUND', hostname: 'nohost'})),
    ).toContain('host name nohost does not resolve');
    expect(
      describeConnectError(target, withProps('Timed out while waiting for handshake', {level: 'client-timeout'})),
    ).toContain(
      'no answer within the time limit; check that the host is reachable, that sshd listens on that port, and that "ssh -p 2222 root@10.0.0.5 docker version" works',
    );
    expect(describeConnectError(target, withProps('read ECONNRESET', {code: 'ECONNRESET'}))).toContain(
      'the ssh connection was reset',
    );
    expect(describeConnectError(target, withProps('socket hang up', {code: 'ECONNRESET'}))).toBe(
      `${where}: the engine closed the connection without an answer; check that "ssh -p 2222 root@10.0.0.5 docker version" works`,
    );
    expect(
      describeConnectError(
        target,
        withProps('Handshake failed: no matching key exchange algorithm', {level: 'handshake'}),
      ),
    ).toContain('the SSH handshake failed');
    expect(describeConnectError(target, new Error('(SSH) Channel open failure: open failed'))).toContain(
      'the ssh server refused a session',
    );
  });
});
