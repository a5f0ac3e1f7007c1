import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import fc from 'fast-check';
import {afterAll, describe, expect, test} from 'vitest';
import {loadConfig} from '../../../source/config.js';
import {checkHostKey, knownHostKeyTypes} from '../../../source/engine/ssh/known-hosts.js';
import {listContexts, loadContext, readCurrentContext} from '../../../source/engine/contexts.js';
import {readSshConfig} from '../../../source/engine/ssh/config.js';
import {resolveCredentials} from '../../../source/registry/docker-config.js';
import {params, validOrExplained, validOrExplainedAsync} from '../../helpers/property.js';

// Files a user (or a broken tool) left behind: valid JSON of the wrong shape, text that is almost the format,
// and noise. Each case rewrites the same files in one temporary directory.
const dir = mkdtempSync(join(tmpdir(), 'berth-property-files-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  mkdirSync(join(file, '..'), {recursive: true});
  writeFileSync(file, text);
  return file;
};

const json = fc.jsonValue({maxDepth: 4});
const nearlyDockerConfig = fc.record(
  {
    auths: fc.oneof(
      json,
      fc.dictionary(
        fc.constantFrom('127.0.0.1:5000', 'https://127.0.0.1:5000/v2/', 'https://index.docker.io/v1/', 'x'),
        fc.oneof(
          json,
          fc.record(
            {auth: fc.oneof(json, fc.base64String(), fc.string()), username: json, password: json, identitytoken: json},
            {requiredKeys: []},
          ),
        ),
      ),
    ),
    credHelpers: fc.oneof(json, fc.dictionary(fc.constantFrom('127.0.0.1:5000', 'other'), json)),
    credsStore: json,
    currentContext: fc.oneof(json, fc.string()),
  },
  {requiredKeys: []},
);
const configText = fc.oneof(
  json.map(v => JSON.stringify(v)),
  nearlyDockerConfig.map(v => JSON.stringify(v)),
  fc.string({maxLength: 60}),
);

describe('docker config.json (registry/docker-config.ts)', () => {
  test('credentials or an explained error, whatever the file holds', async () => {
    await fc.assert(
      fc.asyncProperty(configText, async text => {
        write('docker/config.json', text);
        await validOrExplainedAsync(
          // PATH empty: a credsStore named in the file must not run a real helper from the machine.
          () => resolveCredentials('127.0.0.1:5000', {env: {PATH: '', HOME: dir}, configDir: join(dir, 'docker')}),
          found =>
            found === undefined ||
            (typeof found.source === 'string' &&
              [found.password, found.identityToken, found.registryToken].some(
                s => typeof s === 'string' && s.length > 0,
              )),
          /^(docker config |docker-credential-|credential helper|DOCKER_AUTH_CONFIG)/,
        );
      }),
      params(200),
    );
  });
});

describe('docker context store (engine/contexts.ts)', () => {
  const digest = (name: string) => createHash('sha256').update(name).digest('hex');
  test('the current context, one context and the list: a result or an explained error', () => {
    fc.assert(
      fc.property(
        configText,
        fc.oneof(
          json.map(v => JSON.stringify(v)),
          fc
            .record(
              {
                Name: fc.oneof(json, fc.constant('ctx')),
                Endpoints: fc.oneof(
                  json,
                  fc.record(
                    {docker: fc.oneof(json, fc.record({Host: json, SkipTLSVerify: json}, {requiredKeys: []}))},
                    {requiredKeys: []},
                  ),
                ),
              },
              {requiredKeys: []},
            )
            .map(v => JSON.stringify(v)),
          fc.string({maxLength: 40}),
        ),
        (config, meta) => {
          write('docker/config.json', config);
          write(`docker/contexts/meta/${digest('ctx')}/meta.json`, meta);
          const env = {DOCKER_CONFIG: join(dir, 'docker')};
          const about = /^(docker config |docker context "ctx": )/;
          validOrExplained(
            () => readCurrentContext(env),
            name => name === undefined || typeof name === 'string',
            about,
          );
          validOrExplained(
            () => loadContext('ctx', env),
            context =>
              typeof context.host === 'string' && context.host.length > 0 && typeof context.skipTlsVerify === 'boolean',
            about,
          );
          validOrExplained(
            () => listContexts(env),
            list => list.every(context => typeof context.host === 'string'),
            about,
          );
        },
      ),
      params(200),
    );
  });
});

const sshLine = fc.oneof(
  fc.string({maxLength: 30}),
  fc
    .tuple(
      fc.constantFrom(
        'Host',
        'HostName',
        'User',
        'Port',
        'IdentityFile',
        'Include',
        'Match',
        'ProxyJump',
        'HostKeyAlias',
        'UserKnownHostsFile',
        'StrictHostKeyChecking',
        'ConnectTimeout',
        'IdentitiesOnly',
        '#',
        '',
      ),
      fc.constantFrom(' ', '=', ' = ', '\t'),
      fc.oneof(
        fc.string({maxLength: 20}),
        fc.constantFrom('*', '!build', 'build', '"a b"', '99999', '-1', 'yes', 'no', '~/id', '%h', '../x'),
      ),
    )
    .map(p => p.join('')),
);

describe('ssh config and known_hosts (engine/ssh-config.ts, known-hosts.ts)', () => {
  test('an ssh config of any lines: a config of the right types, never an exception', () => {
    fc.assert(
      fc.property(fc.array(sshLine, {maxLength: 20}), lines => {
        const file = write('ssh/config', lines.join('\n'));
        validOrExplained(
          () => readSshConfig('build', file),
          config => Array.isArray(config.identityFiles) && (config.port === undefined || Number.isInteger(config.port)),
          /^ssh config /,
        );
      }),
      params(200),
    );
  });

  const keyBlob = Buffer.concat([
    Buffer.from([0, 0, 0, 11]),
    Buffer.from('ssh-ed25519'),
    Buffer.from([0, 0, 0, 32]),
    Buffer.alloc(32, 7),
  ]);
  const knownLine = fc.oneof(
    fc.string({maxLength: 40}),
    fc
      .tuple(
        fc.constantFrom('', '@revoked ', '@cert-authority ', '@x '),
        fc.constantFrom('build', '[build]:2222', '|1|', '|1|abc|', '|1|%%%|###', '*,!x', 'b?ild'),
        fc.constantFrom(' ssh-ed25519 ', ' ssh-rsa ', ' '),
        fc.oneof(fc.base64String({maxLength: 40}), fc.constant(keyBlob.toString('base64'))),
      )
      .map(p => p.join('')),
  );
  test('known_hosts of any lines: a verdict, never an exception', () => {
    fc.assert(
      fc.property(fc.array(knownLine, {maxLength: 12}), lines => {
        const file = write('ssh/known_hosts', lines.join('\n'));
        const verdict = checkHostKey('build', keyBlob, [file]);
        expect(typeof verdict.ok).toBe('boolean');
        expect(knownHostKeyTypes('build', [file]).every(type => typeof type === 'string')).toBe(true);
      }),
      params(200),
    );
  });
});

describe('the berth config file (config.ts)', () => {
  const yamlish = fc.oneof(
    fc.string({maxLength: 80}),
    json.map(v => JSON.stringify(v)),
    fc
      .record(
        {
          registries: json,
          keys: json,
          logs: json,
          exec: json,
          theme: json,
          colors: json,
          confirmations: json,
          other: json,
        },
        {requiredKeys: []},
      )
      .map(v => JSON.stringify(v)),
    fc
      .array(
        fc.constantFrom(
          'a: &x [1]',
          'b: *x',
          'keys:',
          '  quit: q',
          '  __proto__: [x]',
          'logs: {tail: 0}',
          '- 1',
          '!!binary',
          '? x',
          ': y',
          '\t',
          '"',
        ),
        {maxLength: 8},
      )
      .map(lines => lines.join('\n')),
  );
  test('a config of the right types and a list of one-line problems, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(yamlish, async text => {
        const file = write('berth/config.yml', text);
        const loaded = await loadConfig(file, {});
        expect(
          Array.isArray(loaded.config.registries) && loaded.config.registries.every(r => typeof r.url === 'string'),
        ).toBe(true);
        expect(Number.isInteger(loaded.config.logs.tail) && loaded.config.logs.tail > 0).toBe(true);
        expect(
          Object.values(loaded.config.keys).every(
            keys => Array.isArray(keys) && keys.every(k => typeof k === 'string'),
          ),
        ).toBe(true);
        expect([undefined, 'dark', 'light', 'none']).toContain(loaded.config.theme);
        // Every colour kept is one Ink draws (a name, #rrggbb, ansi256(N)) or null (the terminal's own).
        const kept = [...Object.values(loaded.config.colors.roles), ...(loaded.config.colors.logPrefix ?? [])];
        for (const colour of kept)
          expect(colour === null || /^(#[0-9a-f]{6}|ansi256\(\d+\)|[a-z]+(Bright)?)$/.test(colour)).toBe(true);
        for (const problem of loaded.problems) expect(problem).toMatch(/^config \S+: [^\n]+$/);
      }),
      params(200),
    );
  });
});
