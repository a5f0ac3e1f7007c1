import {execFileSync, spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, test} from 'vitest';
import {PassThrough, Writable} from 'node:stream';
import {connectEngine, dial, type EngineClient} from '../../source/engine/client.js';
import {listContainers} from '../../source/engine/containers/list.js';
import {execCapture, execInteractive} from '../../source/engine/exec/exec.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {BerthError} from '../../source/errors.js';
import {benchEnv, docker} from '../helpers/bench.js';
import {makeHome, makeKey, shouldRunSshTests, startSshd, type RunningSshd} from '../helpers/sshd.js';

// ssh:// engines through a real OpenSSH server on 127.0.0.1 whose sessions reach the bench engine's unix socket.
// berth's code runs with a temporary HOME, so ~/.ssh/known_hosts and ~/.ssh/config are the test's own.

const REPO = resolve(import.meta.dirname, '../..');
const benchSocket = () => `unix://${join(benchEnv().BERTH_TESTBED_DIR!, 'engine', 'docker.sock')}`;
const fingerprint = (publicKeyFile: string) =>
  execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', publicKeyFile], {encoding: 'utf8'}).split(/\s+/)[1];

// The built CLI (npm test builds it first), in a process of its own: HOME and SSH_AUTH_SOCK as given, nothing else.
function berthCli(bin: string, args: string[], env: NodeJS.ProcessEnv) {
  if (!existsSync(join(REPO, 'dist', 'berth.cjs')))
    execFileSync('node', ['scripts/build.mjs'], {cwd: REPO, stdio: 'inherit'});
  return spawnSync('node', [bin, ...args], {encoding: 'utf8', timeout: 30_000, env: {PATH: process.env.PATH, ...env}});
}

async function connectError(url: string): Promise<string> {
  try {
    const client = await connectEngine(resolveEngineTarget({host: url}, {}));
    client.close();
  } catch (error) {
    expect(error).toBeInstanceOf(BerthError);
    return (error as Error).message;
  }
  throw new Error(`connecting to ${url} succeeded`);
}

describe.runIf(shouldRunSshTests())('ssh:// engine through a real sshd', {timeout: 60_000}, () => {
  let sshd: RunningSshd;
  let url: string;
  let home: ReturnType<typeof makeHome>;
  const saved = {HOME: process.env.HOME, SSH_AUTH_SOCK: process.env.SSH_AUTH_SOCK};
  const clients: EngineClient[] = [];
  const agents: ChildProcess[] = [];

  // A fresh HOME for each test: known_hosts with the server's key, and a config naming the client key.
  function useHome(options: {knownHosts?: string; config?: string} = {}) {
    home = makeHome();
    process.env.HOME = home.home;
    const key = join(home.ssh, 'berth_test_key');
    cpSync(sshd.clientKey.file, key);
    if (options.knownHosts !== undefined) home.write('known_hosts', options.knownHosts);
    home.write('config', options.config ?? `Host 127.0.0.1\n  IdentityFile ~/.ssh/berth_test_key\n`);
    return key;
  }

  async function connect(target = url): Promise<EngineClient> {
    const client = await connectEngine(resolveEngineTarget({host: target}, {}));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    delete process.env.SSH_AUTH_SOCK;
    sshd = await startSshd({dockerHost: benchSocket()});
    url = `ssh://${sshd.user}@127.0.0.1:${sshd.port}`;
  });

  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
    for (const agent of agents.splice(0)) agent.kill();
    process.env.HOME = saved.HOME;
    delete process.env.SSH_AUTH_SOCK;
    home?.remove();
  });

  afterAll(async () => {
    process.env.HOME = saved.HOME;
    if (saved.SSH_AUTH_SOCK !== undefined) process.env.SSH_AUTH_SOCK = saved.SSH_AUTH_SOCK;
    await sshd?.stop();
  });

  test('a known host and the IdentityFile from ~/.ssh/config: /version answers, containers list, and all requests share ONE ssh connection', async () => {
    useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`});
    const logins = sshd.logins();
    const sessions = sshd.sessions();
    const client = await connect();
    expect(client.version.Version).toBe(docker(['version', '--format', '{{.Server.Version}}']).trim());
    expect(client.version.ApiVersion).toBe(docker(['version', '--format', '{{.Server.APIVersion}}']).trim());
    expect(client.api).toBe('1.41');
    expect(client.target.url).toBe(url);

    const rows = await listContainers(client.docker);
    const names = rows.map(row => row.name);
    for (const name of ['bench-idle', 'bench-logger', 'bench-done']) expect(names).toContain(name);
    expect(rows.find(row => row.name === 'bench-idle')?.state).toBe('running');

    // Sequential requests reuse the kept-alive channel; parallel ones open more channels, never more connections.
    for (let i = 0; i < 15; i++) await dial(client.docker, {path: '/_ping', method: 'GET'});
    const sequentialSessions = sshd.sessions() - sessions;
    const parallel = await Promise.all(Array.from({length: 6}, () => client.docker.version()));
    for (const answer of parallel) expect(answer.ApiVersion).toBe(client.version.ApiVersion);
    expect(sshd.logins() - logins).toBe(1);
    expect(sequentialSessions).toBe(1);
    expect(sshd.sessions() - sessions).toBeLessThanOrEqual(7);
    // The kernel agrees: one established TCP connection from berth to the sshd port.
    expect(sshd.established()).toBe(1);
  });

  test('exec (hijacked, both directions) and logs work over the ssh connection', async () => {
    useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`});
    const logins = sshd.logins();
    const client = await connect();
    const captured = await execCapture(client.docker, client.api, {
      containerId: 'bench-idle',
      cmd: ['sh', '-c', 'echo out; echo err >&2; exit 3'],
    });
    expect(captured).toMatchObject({exitCode: 3, stdout: 'out\n', stderr: 'err\n'});

    let output = '';
    const stdin = new PassThrough();
    const stdout = Object.assign(
      new Writable({write: (chunk: Buffer, _encoding, done) => ((output += chunk.toString()), done())}),
      {isTTY: false},
    );
    const running = execInteractive(
      client.docker,
      client.api,
      {containerId: 'bench-idle', cmd: ['cat'], tty: false, interactive: true},
      {stdin, stdout, stderr: stdout},
    );
    stdin.write('through ssh and back\n');
    stdin.end();
    expect((await running).exitCode).toBe(0);
    expect(output).toBe('through ssh and back\n');

    const logs = await client.docker.getContainer('bench-done').logs({stdout: true, stderr: true, follow: false});
    expect(logs.toString('latin1')).toContain('done');
    expect(sshd.logins() - logins).toBe(1);
  });

  test('when the ssh connection drops: a request in flight says so, and the next request opens a new connection', async () => {
    useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`});
    const client = await connect();
    const logins = sshd.logins();
    expect(sshd.established()).toBe(1);
    const now = Math.floor(Date.now() / 1000);
    const inFlight = dial(client.docker, {
      path: '/events?',
      method: 'GET',
      options: {since: String(now), until: String(now + 30)},
      timeoutMs: 20_000,
    });
    inFlight.catch(() => {});
    await new Promise(resolve => setTimeout(resolve, 300));
    sshd.dropConnections();
    await expect(inFlight).rejects.toThrow(`the ssh connection to ${sshd.user}@127.0.0.1:${sshd.port} was lost`);
    expect(sshd.established()).toBe(0);
    expect((await client.docker.version()).ApiVersion).toBe(client.version.ApiVersion);
    expect(sshd.logins() - logins).toBe(1);
  });

  test('an alias from ~/.ssh/config supplies HostName, Port, User and IdentityFile', async () => {
    useHome({
      knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`,
      config: `Host other\n  User nobody-at-all\n\nHost berth-engine\n  HostName 127.0.0.1\n  Port ${sshd.port}\n  User ${sshd.user}\n  IdentityFile ~/.ssh/berth_test_key\n`,
    });
    const client = await connect('ssh://berth-engine');
    expect(client.version.ApiVersion).toBe('1.41');
    expect(client.target.url).toBe('ssh://berth-engine');
  });

  test('an unknown host key is refused; the message names known_hosts, the fingerprint and the ssh command to run', async () => {
    useHome();
    const logins = sshd.logins();
    const message = await connectError(url);
    expect(message).toContain(`engine ${url}: ssh host key of [127.0.0.1]:${sshd.port} is not in ~/.ssh/known_hosts`);
    expect(message).toContain(fingerprint(`${sshd.hostKey.file}.pub`));
    expect(message).toContain(`run "ssh -p ${sshd.port} ${sshd.user}@127.0.0.1" once`);
    // A key for the same address on another port does not count.
    home.write(
      'known_hosts',
      `127.0.0.1 ${sshd.hostKey.typeAndKey}\n[127.0.0.1]:${sshd.port + 1} ${sshd.hostKey.typeAndKey}\n`,
    );
    expect(await connectError(url)).toContain('is not in ~/.ssh/known_hosts');
    // The client never got as far as offering its key.
    expect(sshd.logins()).toBe(logins);
  });

  test('a changed host key is refused: it does not match known_hosts, says which line, and how to replace it', async () => {
    useHome();
    const other = makeKey(join(home.home, 'other'));
    home.write('known_hosts', `# an old entry\n${sshd.knownHostsName} ${other.typeAndKey}\n`);
    const message = await connectError(url);
    expect(message).toContain(
      `ssh host key of [127.0.0.1]:${sshd.port} does not match the one in ~/.ssh/known_hosts:2`,
    );
    expect(message).toContain(fingerprint(`${sshd.hostKey.file}.pub`));
    expect(message).toContain(`ssh-keygen -R '[127.0.0.1]:${sshd.port}'`);
  });

  test('hashed known_hosts entries (ssh-keygen -H) are honoured, for the right key and the wrong one', async () => {
    useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`});
    const other = makeKey(join(home.home, 'other'));
    execFileSync('ssh-keygen', ['-H', '-f', join(home.ssh, 'known_hosts')], {stdio: 'ignore'});
    rmSync(join(home.ssh, 'known_hosts.old'));
    const hashed = readFileSync(join(home.ssh, 'known_hosts'), 'utf8');
    expect(hashed).toMatch(/^\|1\|/);
    expect(hashed).not.toContain('127.0.0.1');
    const client = await connect();
    expect(client.version.ApiVersion).toBe('1.41');

    home.write('known_hosts', `${sshd.knownHostsName} ${other.typeAndKey}\n`);
    execFileSync('ssh-keygen', ['-H', '-f', join(home.ssh, 'known_hosts')], {stdio: 'ignore'});
    expect(await connectError(url)).toContain('does not match the one in ~/.ssh/known_hosts:1');
  });

  test('the key comes from ssh-agent when ~/.ssh/id_ed25519 is passphrase-protected', async () => {
    useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`, config: ''});
    makeKey(join(home.ssh, 'id_ed25519'), {passphrase: 'not-this-time'});
    const socket = join(home.home, 'agent.sock');
    const agent = spawn('ssh-agent', ['-D', '-a', socket], {stdio: 'ignore'});
    agents.push(agent);
    for (let i = 0; i < 100 && !existsSync(socket); i++) await new Promise(resolve => setTimeout(resolve, 20));
    execFileSync('ssh-add', [sshd.clientKey.file], {env: {...process.env, SSH_AUTH_SOCK: socket}, stdio: 'ignore'});
    process.env.SSH_AUTH_SOCK = socket;
    const client = await connect();
    expect(client.version.ApiVersion).toBe('1.41');
    // The CLI too, where the default identities are those of the HOME it starts with.
    const cli = berthCli(join(REPO, 'bin', 'berth.js'), ['version', '--json', '--host', url], {
      HOME: home.home,
      SSH_AUTH_SOCK: socket,
    });
    expect(cli.stderr).toBe('');
    expect((JSON.parse(cli.stdout) as {api: string}).api).toBe('1.41');
  });

  test('a stale SSH_AUTH_SOCK does not stop the IdentityFile from working', async () => {
    useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`});
    process.env.SSH_AUTH_SOCK = join(home.home, 'no-agent-here.sock');
    const client = await connect();
    expect(client.version.ApiVersion).toBe('1.41');
  });

  test('a refused login says who, what was tried and what was skipped', async () => {
    useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`, config: ''});
    makeKey(join(home.ssh, 'id_ed25519'), {passphrase: 'secret'});
    makeKey(join(home.ssh, 'id_ecdsa'), {type: 'ecdsa'});
    const message = await connectError(url);
    expect(message).toContain(`ssh login as ${sshd.user}@127.0.0.1:${sshd.port} was refused`);
    expect(message).toContain('tried ~/.ssh/id_ecdsa');
    expect(message).toContain(
      'skipped ~/.ssh/id_ed25519 is passphrase-protected (add it to ssh-agent: ssh-add ~/.ssh/id_ed25519)',
    );
    // An agent socket that is gone is reported with the rest, and does not crash the CLI.
    const cli = berthCli(join(REPO, 'bin', 'berth.js'), ['version', '--host', url], {
      HOME: home.home,
      SSH_AUTH_SOCK: join(home.home, 'gone.sock'),
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(
      `berth: engine ${url}: ssh login as ${sshd.user}@127.0.0.1:${sshd.port} was refused; tried the ssh agent at ${join(home.home, 'gone.sock')} (`,
    );
    expect(cli.stderr).toContain('), ~/.ssh/id_ecdsa; skipped ~/.ssh/id_ed25519 is passphrase-protected');
    expect(cli.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('nothing listening on the port: the message is about sshd, not dockerd', async () => {
    useHome({knownHosts: ''});
    const {freePort} = await import('../helpers/registry-server.js');
    const port = await freePort();
    const message = await connectError(`ssh://${sshd.user}@127.0.0.1:${port}`);
    expect(message).toContain(`connection refused on 127.0.0.1:${port}; is sshd listening there?`);
  });

  test('the built CLI: berth version --host ssh://… prints the engine version, also without the optional cpu-features addon', () => {
    const key = useHome({knownHosts: `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`});
    expect(existsSync(key)).toBe(true);
    const engine = docker(['version', '--format', '{{.Server.Version}}']).trim();
    const run = (bin: string) => berthCli(bin, ['version', '--host', url], {HOME: home.home});

    const inRepo = run(join(REPO, 'bin', 'berth.js'));
    expect(inRepo.stderr).toBe('');
    expect(inRepo.status).toBe(0);
    expect(inRepo.stdout).toContain(`engine host:  ${url}`);
    expect(inRepo.stdout).toContain(`engine:       Docker ${engine} (`);

    // The shipped bundle outside the repository: no node_modules, so ssh2's native helpers cannot load.
    const copy = mkdtempSync(join(tmpdir(), 'berth-bundle-'));
    try {
      cpSync(join(REPO, 'bin'), join(copy, 'bin'), {recursive: true});
      cpSync(join(REPO, 'dist'), join(copy, 'dist'), {recursive: true});
      writeFileSync(join(copy, 'package.json'), JSON.stringify({type: 'module'}));
      expect(() => createRequire(join(copy, 'dist', 'berth.cjs')).resolve('cpu-features')).toThrow();
      const bare = run(join(copy, 'bin', 'berth.js'));
      expect(bare.stderr).toBe('');
      expect(bare.status).toBe(0);
      expect(bare.stdout).toContain(`engine:       Docker ${engine} (`);

      // And an unknown host key is refused there too, with the same message.
      rmSync(join(home.ssh, 'known_hosts'));
      const refused = run(join(copy, 'bin', 'berth.js'));
      expect(refused.status).not.toBe(0);
      // berth's own lines only, as docker version prints its Client part before failing on the engine.
      expect(refused.stdout).toBe(
        `berth:        ${(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {version: string}).version}\nengine host:  ${url}\n`,
      );
      expect(refused.stderr).toContain(
        `berth: engine ${url}: ssh host key of [127.0.0.1]:${sshd.port} is not in ~/.ssh/known_hosts`,
      );
    } finally {
      rmSync(copy, {recursive: true, force: true});
    }
  });
});

describe.runIf(shouldRunSshTests())('ssh:// engine: server-side limits and failures', {timeout: 60_000}, () => {
  const saved = {HOME: process.env.HOME, SSH_AUTH_SOCK: process.env.SSH_AUTH_SOCK};
  const servers: RunningSshd[] = [];
  let home: ReturnType<typeof makeHome>;

  async function serverAndHome(options: Parameters<typeof startSshd>[0]) {
    const sshd = await startSshd(options);
    servers.push(sshd);
    home = makeHome();
    process.env.HOME = home.home;
    delete process.env.SSH_AUTH_SOCK;
    home.write('known_hosts', `${sshd.knownHostsName} ${sshd.hostKey.typeAndKey}\n`);
    home.write('config', `Host 127.0.0.1\n  IdentityFile ${sshd.clientKey.file}\n`);
    return {sshd, url: `ssh://${sshd.user}@127.0.0.1:${sshd.port}`};
  }

  afterEach(async () => {
    process.env.HOME = saved.HOME;
    if (saved.SSH_AUTH_SOCK !== undefined) process.env.SSH_AUTH_SOCK = saved.SSH_AUTH_SOCK;
    home?.remove();
    for (const server of servers.splice(0)) await server.stop();
  });

  test('more parallel requests than MaxSessions allows: a second connection is opened, nothing fails', async () => {
    const {sshd, url} = await serverAndHome({dockerHost: benchSocket(), maxSessions: 2});
    const client = await connectEngine(resolveEngineTarget({host: url}, {}));
    try {
      // /events until a second from now holds its channel open for that second.
      const until = Math.floor(Date.now() / 1000) + 2;
      const held = Array.from({length: 5}, () =>
        dial(client.docker, {
          path: '/events?',
          method: 'GET',
          options: {since: String(until - 2), until: String(until)},
          timeoutMs: 20_000,
        }),
      );
      const quick = Array.from({length: 3}, () => client.docker.version());
      await Promise.all([...held, ...quick]);
      expect(sshd.logins()).toBeGreaterThanOrEqual(2);
      expect(sshd.logins()).toBeLessThanOrEqual(6);
      await client.docker.version();
    } finally {
      client.close();
    }
  });

  test('a server with several host keys: whichever type known_hosts has is the one asked for', async () => {
    const {sshd, url} = await serverAndHome({dockerHost: benchSocket(), hostKeyTypes: ['ed25519', 'ecdsa', 'rsa']});
    for (const key of sshd.hostKeys.slice(1)) {
      home.write('known_hosts', `${sshd.knownHostsName} ${key.typeAndKey}\n`);
      const client = await connectEngine(resolveEngineTarget({host: url}, {}));
      client.close();
      expect(client.version.ApiVersion).toBe('1.41');
    }
  });

  test('"docker system dial-stdio" failing on the host: its stderr reaches the message', async () => {
    const {url} = await serverAndHome({dockerHost: 'unix:///nonexistent/berth-test.sock'});
    const message = await connectError(url);
    expect(message).toContain(`engine ${url}: "docker system dial-stdio" failed on `);
    expect(message).toContain('(exit status 1): ');
    expect(message).toContain('/nonexistent/berth-test.sock');
    expect(message).toContain('is dockerd running on that host, and is DOCKER_HOST right for the ssh user there?');
  });
});
