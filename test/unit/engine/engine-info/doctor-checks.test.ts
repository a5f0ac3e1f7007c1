import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {clockCheck, tlsCheck} from '../../../../source/cli/doctor/checks.js';
import {certificateFacts, connectionFacts} from '../../../../source/engine/engine-info/index.js';
import type {EngineInfoFacts} from '../../../../source/engine/engine-info/index.js';
import {resolveEngineTarget} from '../../../../source/engine/target.js';

const dir = mkdtempSync(join(tmpdir(), 'berth-doctor-unit-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
// A real certificate, valid for 10 days, made by openssl.
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '10',
    '-subj',
    '/CN=short',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'ca.pem'),
  ],
  {stdio: 'ignore'},
);

test('certificate expiry: days left, soon, expired', () => {
  const now = new Date();
  expect(certificateFacts(join(dir, 'ca.pem'), 'CA', now)).toMatchObject({
    subject: 'CN=short',
    count: 1,
    problem: undefined,
  });
  expect(certificateFacts(join(dir, 'ca.pem'), 'CA', now).daysLeft).toBeGreaterThanOrEqual(9);
  expect(certificateFacts(join(dir, 'ca.pem'), 'CA', new Date(Date.now() + 11 * 86_400_000)).problem).toBe('expired');
  expect(certificateFacts(join(dir, 'missing.pem'), 'CA').problem).toMatch(/cannot read it \(ENOENT\)/);
  expect(certificateFacts(join(dir, 'key.pem'), 'CA').problem).toBe('no PEM certificate in the file');
});

test('TLS: plain TCP off loopback fails, loopback warns, no verification warns, expiring soon warns', () => {
  const plain = resolveEngineTarget({host: 'tcp://10.9.9.9:2375'}, {});
  expect(tlsCheck(plain, connectionFacts(plain))).toMatchObject({
    status: 'fail',
    detail: expect.stringMatching(/anyone who can reach the port/) as string,
  });
  const loop = resolveEngineTarget({host: 'tcp://127.0.0.1:2375'}, {});
  expect(tlsCheck(loop, connectionFacts(loop)).status).toBe('warn');
  mkdirSync(join(dir, 'ca-only'), {recursive: true});
  copyFileSync(join(dir, 'ca.pem'), join(dir, 'ca-only', 'ca.pem'));
  const noVerify = resolveEngineTarget(
    {host: 'tcp://10.9.9.9:2376'},
    {DOCKER_TLS: '1', DOCKER_CERT_PATH: join(dir, 'ca-only')},
  );
  expect(tlsCheck(noVerify, connectionFacts(noVerify))).toMatchObject({
    status: 'warn',
    detail: expect.stringMatching(/without verifying/) as string,
  });
  const verified = resolveEngineTarget(
    {host: 'tcp://10.9.9.9:2376', tlsverify: true, tlscacert: join(dir, 'ca.pem')},
    {},
  );
  expect(tlsCheck(verified, connectionFacts(verified))).toMatchObject({
    status: 'warn',
    detail: expect.stringMatching(/expires soon: CA \d days/) as string,
  });
  const expired = connectionFacts(verified, undefined, new Date(Date.now() + 11 * 86_400_000));
  expect(tlsCheck(verified, expired)).toMatchObject({
    status: 'fail',
    detail: expect.stringMatching(/ca\.pem: expired/) as string,
  });
});

test('clock: ok under 5 s, warn from 5 s, fail from 5 minutes', () => {
  const at = (ms: number) => clockCheck({clockSkewMs: ms} as EngineInfoFacts).status;
  expect([at(300), at(-4_900), at(6_000), at(-299_000), at(301_000)]).toEqual(['ok', 'ok', 'warn', 'warn', 'fail']);
});
