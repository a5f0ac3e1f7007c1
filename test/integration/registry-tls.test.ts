import {copyFileSync, mkdirSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../source/registry/client.js';
import {RegistryError} from '../../source/registry/errors.js';
import {makeCa} from '../helpers/registry-pki.js';
import {sendJson, startFakeRegistry} from '../helpers/registry-fake.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';

async function pingError(url: string, options: Parameters<typeof RegistryClient.create>[1]): Promise<RegistryError> {
  const client = await RegistryClient.create(url, {credentials: null, ...options});
  try {
    await client.ping();
    throw new Error('ping succeeded');
  } catch (error) {
    return error as RegistryError;
  } finally {
    await client.close();
  }
}

describe.runIf(shouldRunRegistryTests())('TLS trust', {timeout: 60_000}, () => {
  let work: string;
  let registry: RunningRegistry;
  let emptyCertsD: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'berth-tls-'));
    emptyCertsD = join(work, 'empty-certs.d');
    registry = await startRegistry();
  }, 60_000);

  afterAll(async () => {
    await registry?.stop();
    rmSync(work, {recursive: true, force: true});
  });

  it('refuses a registry whose CA it does not have, naming host, reason and the file to add', async () => {
    const error = await pingError(registry.url, {certsDir: emptyCertsD});
    expect(error).toBeInstanceOf(RegistryError);
    expect(error.kind).toBe('tls');
    expect(error.message).toMatch(
      new RegExp(`^registry ${registry.host}: TLS certificate not trusted: unknown CA \\(.*issued by "berth test CA`),
    );
    expect(error.message).toContain(
      `Save the registry's CA certificate as ${emptyCertsD}/${registry.host}/ca.crt, or pass --registry-ca FILE.`,
    );
  });

  it('says the given CA file did not sign it when --registry-ca holds another CA', async () => {
    const other = makeCa(join(work, 'other-ca'));
    const error = await pingError(registry.url, {certsDir: emptyCertsD, caFile: other.cert});
    expect(error.message).toContain(`None of the trusted CA files (${other.cert}) signed it`);
  });

  it('trusts the CA from --registry-ca', async () => {
    const client = await RegistryClient.create(registry.url, {
      caFile: registry.caFile,
      certsDir: emptyCertsD,
      credentials: null,
    });
    expect((await client.ping()).status).toBe('ok');
    await client.close();
  });

  it('trusts a CA installed in the system bundle (SSL_CERT_FILE here)', async () => {
    const client = await RegistryClient.create(registry.url, {
      certsDir: emptyCertsD,
      env: {SSL_CERT_FILE: registry.caFile},
      credentials: null,
    });
    expect((await client.ping()).status).toBe('ok');
    await client.close();
  });

  it('trusts certs.d/<host:port>/ca.crt, with the root taken from BERTH_CERTS_D', async () => {
    const certsD = join(work, 'certs.d');
    mkdirSync(join(certsD, registry.host), {recursive: true});
    copyFileSync(registry.caFile, join(certsD, registry.host, 'ca.crt'));
    const client = await RegistryClient.create(registry.url, {env: {BERTH_CERTS_D: certsD}, credentials: null});
    expect((await client.ping()).status).toBe('ok');
    expect(client.trust.caFiles).toEqual([join(certsD, registry.host, 'ca.crt')]);
    await client.close();
  });

  it('refuses a registry that is asked for by a name its certificate does not hold', async () => {
    const wrongName = await startRegistry(
      {certNames: ['DNS:registry.example.test']},
      {dir: join(work, 'wrong-name'), ca: registry.ca},
    );
    try {
      const error = await pingError(wrongName.url, {caFile: registry.caFile});
      expect(error.message).toBe(
        `registry ${wrongName.host}: TLS certificate has the wrong name: it is for DNS:registry.example.test, not 127.0.0.1. Connect with a name the certificate holds, or reissue it with 127.0.0.1 in its subjectAltName.`,
      );
    } finally {
      await wrongName.stop();
    }
  });

  it('refuses an expired certificate and says when it expired', async () => {
    const expired = await startRegistry({expiredCert: true}, {dir: join(work, 'expired'), ca: registry.ca});
    try {
      const error = await pingError(expired.url, {caFile: registry.caFile});
      expect(error.message).toBe(
        `registry ${expired.host}: TLS certificate expired on Feb  1 00:00:00 2020 GMT. Renew the registry's certificate (its http.tls.certificate file), or check this machine's clock.`,
      );
    } finally {
      await expired.stop();
    }
  });

  it('says when an https registry answers plain http, or nothing listens', async () => {
    const refused = await pingError('https://127.0.0.1:9', {});
    expect(refused.message).toMatch(
      /^registry 127\.0\.0\.1:9: connection refused at https:\/\/127\.0\.0\.1:9\. Check that the registry is running/,
    );
    const plain = await startFakeRegistry((req, res) => sendJson(res, 200, {}));
    try {
      const error = await pingError(`https://${plain.host}`, {});
      expect(error.message).toBe(
        `registry ${plain.host}: answers plain HTTP, not HTTPS. Use http://${plain.host} if it is on this machine, or mark it insecure: true in the config file.`,
      );
    } finally {
      await plain.close();
    }
  });

  describe('mutual TLS', () => {
    let mtls: RunningRegistry;
    let certsD: string;
    beforeAll(async () => {
      mtls = await startRegistry({clientCerts: true}, {dir: join(work, 'mtls'), ca: registry.ca});
      certsD = join(work, 'mtls-certs.d');
      mkdirSync(join(certsD, mtls.host), {recursive: true});
    }, 60_000);
    afterAll(async () => mtls?.stop());

    it('explains that a client certificate is needed and where to put it', async () => {
      const error = await pingError(mtls.url, {caFile: mtls.caFile, certsDir: certsD});
      expect(error.message).toBe(
        `registry ${mtls.host}: the registry requires a client certificate (mutual TLS). Put a client certificate and key at ${certsD}/${mtls.host}/client.cert and ${certsD}/${mtls.host}/client.key.`,
      );
    });

    it('presents client.cert/client.key from certs.d', async () => {
      const client = mtls.issue('berth-client');
      copyFileSync(client.cert, join(certsD, mtls.host, 'client.cert'));
      copyFileSync(client.key, join(certsD, mtls.host, 'client.key'));
      copyFileSync(mtls.caFile, join(certsD, mtls.host, 'ca.crt'));
      const c = await RegistryClient.create(mtls.url, {certsDir: certsD, credentials: null});
      expect((await c.ping()).status).toBe('ok');
      expect(await c.listRepositories()).toEqual([]);
      await c.close();
    });
  });
});
