import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {BerthError} from '../../errors.js';
import {crypto} from '../../util/lazy-builtins.js';

export type CertificateRequest = {ips: string[]; dnsNames: string[]; days: number};

export type CertificateFiles = {
  caDir: string;
  serverDir: string;
  clientDir: string;
};

// The system's openssl does the cryptography (every Docker host has it; the docs' recipe uses it too). Keys are
// P-256 (fast to make on a busy host, accepted by Go's TLS, Node and Python clients) and are written by berth
// with mode 0600 from openssl's stdout, so they are never readable by others, not even for a moment.
function openssl(args: string[], cwd: string): Buffer {
  const result = spawnSync('openssl', args, {cwd, stdio: ['ignore', 'pipe', 'pipe']});
  if (result.error) {
    throw new BerthError(
      `openssl: cannot run it (${(result.error as NodeJS.ErrnoException).code}); install OpenSSL (apt-get install openssl)`,
    );
  }
  if (result.status !== 0) {
    throw new BerthError(
      `openssl ${args[0]} failed: ${result.stderr.toString().trim().split('\n')[0]}; nothing usable was written`,
    );
  }
  return result.stdout;
}

const newKey = (cwd: string) => openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'], cwd);
const serial = () =>
  `0x${crypto()
    .randomBytes(16)
    .toString('hex')
    .replace(/^[89a-f]/, '7')}`;

function writePrivate(file: string, data: Buffer | string): void {
  writeFileSync(file, data, {mode: 0o600, flag: 'wx'});
}
function writePublic(file: string, data: Buffer | string): void {
  writeFileSync(file, data, {mode: 0o644, flag: 'wx'});
}

function sign(
  work: string,
  name: string,
  subject: string,
  extensions: string[],
  days: number,
): {key: Buffer; cert: Buffer} {
  const key = newKey(work);
  writePrivate(join(work, `${name}-key.pem`), key);
  openssl(['req', '-new', '-key', `${name}-key.pem`, '-subj', subject, '-out', `${name}.csr`], work);
  writeFileSync(join(work, `${name}.ext`), `${extensions.join('\n')}\n`);
  openssl(
    [
      'x509',
      '-req',
      '-days',
      String(days),
      '-sha256',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca-key.pem',
      '-set_serial',
      serial(),
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ],
    work,
  );
  return {key, cert: readFileSync(join(work, `${name}.pem`))};
}

// A CA, a server certificate (the IPs and names as subject alternative names, serverAuth) and a client
// certificate (clientAuth), laid out as: ca/{ca.pem,ca-key.pem}, server/{ca.pem,server-cert.pem,server-key.pem},
// client/{ca.pem,cert.pem,key.pem} (the bundle DOCKER_CERT_PATH and docker context create expect).
export function makeCertificates(out: string, request: CertificateRequest): CertificateFiles {
  const work = mkdtempSync(join(tmpdir(), 'berth-certs-'));
  try {
    const caKey = newKey(work);
    writePrivate(join(work, 'ca-key.pem'), caKey);
    const first = request.dnsNames[0] ?? request.ips[0];
    openssl(
      [
        'req',
        '-new',
        '-x509',
        '-days',
        String(Math.max(request.days, 3650)),
        '-sha256',
        '-key',
        'ca-key.pem',
        '-subj',
        `/CN=berth Docker CA for ${first}`,
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
        '-out',
        'ca.pem',
      ],
      work,
    );
    const ca = readFileSync(join(work, 'ca.pem'));
    const sans = [...request.ips.map(ip => `IP:${ip}`), ...request.dnsNames.map(name => `DNS:${name}`)].join(',');
    const server = sign(
      work,
      'server',
      `/CN=${first}`,
      [
        'basicConstraints = critical,CA:FALSE',
        'keyUsage = critical,digitalSignature',
        'extendedKeyUsage = serverAuth',
        `subjectAltName = ${sans}`,
      ],
      request.days,
    );
    const client = sign(
      work,
      'client',
      '/CN=client',
      ['basicConstraints = critical,CA:FALSE', 'keyUsage = critical,digitalSignature', 'extendedKeyUsage = clientAuth'],
      request.days,
    );

    const files = {caDir: join(out, 'ca'), serverDir: join(out, 'server'), clientDir: join(out, 'client')};
    for (const dir of Object.values(files)) mkdirSync(dir, {recursive: true, mode: 0o700});
    writePublic(join(files.caDir, 'ca.pem'), ca);
    writePrivate(join(files.caDir, 'ca-key.pem'), caKey);
    writePublic(join(files.serverDir, 'ca.pem'), ca);
    writePublic(join(files.serverDir, 'server-cert.pem'), server.cert);
    writePrivate(join(files.serverDir, 'server-key.pem'), server.key);
    writePublic(join(files.clientDir, 'ca.pem'), ca);
    writePublic(join(files.clientDir, 'cert.pem'), client.cert);
    writePrivate(join(files.clientDir, 'key.pem'), client.key);
    return files;
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}
