import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {UsageError} from '../../../source/errors.js';
import {isLoopback, resolveEngineTarget} from '../../../source/engine/target.js';
import {scratchDir} from '../../helpers/scratch.js';

const scratch = scratchDir('berth-engine-target-');

function certDir(): string {
  const dir = mkdtempSync(join(scratch, 'certs-'));
  for (const name of ['ca.pem', 'cert.pem', 'key.pem']) writeFileSync(join(dir, name), `fake ${name}`);
  return dir;
}

function configWithContexts(contexts: {name: string; host: string; tls?: boolean}[], current?: string): string {
  const dir = mkdtempSync(join(scratch, 'docker-config-'));
  for (const context of contexts) {
    const digest = createHash('sha256').update(context.name).digest('hex');
    mkdirSync(join(dir, 'contexts', 'meta', digest), {recursive: true});
    writeFileSync(
      join(dir, 'contexts', 'meta', digest, 'meta.json'),
      JSON.stringify({
        Name: context.name,
        Metadata: {},
        Endpoints: {docker: {Host: context.host, SkipTLSVerify: false}},
      }),
    );
    if (context.tls) {
      const tls = join(dir, 'contexts', 'tls', digest, 'docker');
      mkdirSync(tls, {recursive: true});
      for (const name of ['ca.pem', 'cert.pem', 'key.pem']) writeFileSync(join(tls, name), `${context.name} ${name}`);
    }
  }
  writeFileSync(join(dir, 'config.json'), JSON.stringify({auths: {}, ...(current ? {currentContext: current} : {})}));
  return dir;
}

const usage = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
};

describe('engine resolution follows the docker CLI order', () => {
  const emptyConfig = configWithContexts([]);

  test('--host beats DOCKER_HOST, which beats contexts', () => {
    const config = configWithContexts([{name: 'remote', host: 'tcp://10.1.1.1:2376'}], 'remote');
    const env = {DOCKER_HOST: 'tcp://10.0.0.2:2375', DOCKER_CONFIG: config};
    expect(resolveEngineTarget({host: 'unix:///tmp/x.sock'}, env)).toMatchObject({
      kind: 'unix',
      socketPath: '/tmp/x.sock',
      source: 'flag',
    });
    expect(resolveEngineTarget({}, env)).toMatchObject({
      kind: 'tcp',
      host: '10.0.0.2',
      port: 2375,
      source: 'DOCKER_HOST',
    });
    expect(resolveEngineTarget({}, {DOCKER_CONFIG: config})).toMatchObject({
      host: '10.1.1.1',
      context: 'remote',
      source: 'context',
    });
  });

  test('--context beats DOCKER_HOST, as in the docker CLI; DOCKER_HOST beats DOCKER_CONTEXT and currentContext', () => {
    const config = configWithContexts([{name: 'remote', host: 'tcp://10.1.1.1:2376'}], 'remote');
    const env = {DOCKER_HOST: 'tcp://10.0.0.2:2375', DOCKER_CONFIG: config};
    expect(resolveEngineTarget({context: 'remote'}, env)).toMatchObject({
      host: '10.1.1.1',
      context: 'remote',
      source: 'context',
    });
    expect(resolveEngineTarget({}, {...env, DOCKER_CONTEXT: 'remote'})).toMatchObject({
      host: '10.0.0.2',
      source: 'DOCKER_HOST',
    });
    expect(usage(() => resolveEngineTarget({host: 'tcp://10.0.0.3:2375', context: 'remote'}, env))).toMatch(
      /--host and --context both given/,
    );
  });

  test('--context beats DOCKER_CONTEXT beats currentContext, and contexts carry their TLS files', () => {
    const config = configWithContexts(
      [
        {name: 'a', host: 'tcp://10.0.0.1:2376', tls: true},
        {name: 'b', host: 'tcp://10.0.0.2:2375'},
        {name: 'c', host: 'ssh://me@box:2222'},
      ],
      'c',
    );
    const a = resolveEngineTarget({context: 'a'}, {DOCKER_CONFIG: config, DOCKER_CONTEXT: 'b'});
    expect(a).toMatchObject({context: 'a', host: '10.0.0.1', tls: {verify: true}});
    expect(a.tls?.ca?.toString()).toBe('a ca.pem');
    expect(resolveEngineTarget({}, {DOCKER_CONFIG: config, DOCKER_CONTEXT: 'b'})).toMatchObject({
      context: 'b',
      unencrypted: true,
    });
    expect(resolveEngineTarget({}, {DOCKER_CONFIG: config})).toMatchObject({
      kind: 'ssh',
      sshUser: 'me',
      host: 'box',
      port: 2222,
    });
  });

  test('the default context and no configuration mean the local socket', () => {
    expect(resolveEngineTarget({}, {DOCKER_CONFIG: emptyConfig})).toMatchObject({
      kind: 'unix',
      source: 'default',
      context: 'default',
    });
    expect(resolveEngineTarget({context: 'default'}, {DOCKER_CONFIG: emptyConfig})).toMatchObject({kind: 'unix'});
  });

  test('any non-empty DOCKER_TLS_VERIFY turns TLS on, also on port 2375', () => {
    const dir = certDir();
    for (const value of ['1', 'true', 'yes']) {
      const target = resolveEngineTarget(
        {},
        {DOCKER_HOST: 'tcp://10.0.0.5:2375', DOCKER_TLS_VERIFY: value, DOCKER_CERT_PATH: dir},
      );
      expect(target.tls?.verify).toBe(true);
      expect(target.tls?.cert?.toString()).toBe('fake cert.pem');
      expect(target.unencrypted).toBe(false);
    }
  });

  test('TLS flags work without environment', () => {
    const dir = certDir();
    const target = resolveEngineTarget(
      {
        host: 'tcp://127.0.0.1:2375',
        tlsverify: true,
        tlscacert: join(dir, 'ca.pem'),
        tlscert: join(dir, 'cert.pem'),
        tlskey: join(dir, 'key.pem'),
      },
      {DOCKER_CONFIG: emptyConfig},
    );
    expect(target.tls).toMatchObject({verify: true, caFile: join(dir, 'ca.pem')});
  });

  test('plain TCP to a non-loopback host is marked unencrypted; loopback is not', () => {
    expect(resolveEngineTarget({host: 'tcp://10.0.0.5:2375'}, {}).unencrypted).toBe(true);
    expect(resolveEngineTarget({host: 'tcp://127.0.0.1:2375'}, {}).unencrypted).toBe(false);
    expect(resolveEngineTarget({host: 'tcp://localhost:2375'}, {}).unencrypted).toBe(false);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('127.8.9.10')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
  });

  test('bad input is one clear usage error', () => {
    expect(usage(() => resolveEngineTarget({host: 'tcp://example.com'}, {}))).toMatch(
      /"tcp:\/\/example.com": no port; add one, e.g. tcp:\/\/example.com:2376/,
    );
    expect(usage(() => resolveEngineTarget({host: 'unix://relative.sock'}, {}))).toMatch(/absolute path/);
    expect(usage(() => resolveEngineTarget({host: 'ftp://x:1'}, {}))).toMatch(/unsupported scheme ftp:/);
    expect(usage(() => resolveEngineTarget({host: 'tcp://[bad'}, {}))).toMatch(/not a valid engine URL/);
    expect(usage(() => resolveEngineTarget({host: 'unix:///a', context: 'b'}, {}))).toMatch(/choose one/);
    expect(usage(() => resolveEngineTarget({context: 'nope'}, {DOCKER_CONFIG: emptyConfig}))).toMatch(
      /docker context "nope": not found .*known contexts: none/,
    );
    expect(
      usage(() => resolveEngineTarget({host: 'tcp://h:1', tlsverify: true, tlscacert: '/nonexistent/ca.pem'}, {})),
    ).toMatch(/TLS CA certificate \/nonexistent\/ca.pem .*file not found/);
    expect(
      usage(() =>
        resolveEngineTarget({}, {DOCKER_HOST: 'tcp://h:1', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: '/nonexistent'}),
      ),
    ).toMatch(/DOCKER_CERT_PATH=\/nonexistent/);
    const dir = certDir();
    expect(
      usage(() =>
        resolveEngineTarget({host: 'tcp://h:1', tlscert: join(dir, 'cert.pem'), tlskey: '/nonexistent/key.pem'}, {}),
      ),
    ).toMatch(/client key \/nonexistent\/key.pem/);
  });
});
