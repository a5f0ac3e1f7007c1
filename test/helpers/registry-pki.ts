import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';

// Test certificates made with the openssl CLI: a CA, and leaves it signs for servers, clients,
// a token signer, or deliberately broken cases (expired, wrong name).

export interface TestCa {
  dir: string;
  cert: string; // path to ca.pem
  key: string;
}

export interface Leaf {
  cert: string;
  key: string;
}

export interface LeafOptions {
  // subjectAltName entries, e.g. ['IP:127.0.0.1', 'DNS:localhost']
  names?: string[];
  // Validity in the past, to make an expired certificate.
  expired?: boolean;
  keyType?: 'ec' | 'rsa';
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, {cwd, stdio: ['ignore', 'ignore', 'pipe']});
}

function keyArgs(type: 'ec' | 'rsa'): string[] {
  return type === 'ec' ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'] : ['-newkey', 'rsa:2048'];
}

export function makeCa(dir: string, commonName = 'berth test CA'): TestCa {
  mkdirSync(dir, {recursive: true});
  const ca = {dir, cert: join(dir, 'ca.pem'), key: join(dir, 'ca-key.pem')};
  openssl(
    [
      'req',
      '-x509',
      ...keyArgs('ec'),
      '-nodes',
      '-keyout',
      ca.key,
      '-out',
      ca.cert,
      '-days',
      '30',
      '-subj',
      `/CN=${commonName} ${process.pid}-${Date.now()}`,
    ],
    dir,
  );
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), `${Date.now().toString(16).padStart(16, '0')}\n`);
  mkdirSync(join(dir, 'issued'), {recursive: true});
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ ca ]',
      'default_ca = test_ca',
      '[ test_ca ]',
      `database = ${join(dir, 'index.txt')}`,
      `new_certs_dir = ${join(dir, 'issued')}`,
      `serial = ${join(dir, 'serial')}`,
      'default_md = sha256',
      'policy = any_name',
      'unique_subject = no',
      'email_in_dn = no',
      '[ any_name ]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  return ca;
}

// `openssl ca` rather than `x509 -req`: only it can set a start date in the past (OpenSSL 3.0).
export function issueLeaf(ca: TestCa, name: string, options: LeafOptions = {}): Leaf {
  const leaf = {cert: join(ca.dir, `${name}.pem`), key: join(ca.dir, `${name}-key.pem`)};
  const csr = join(ca.dir, `${name}.csr`);
  const ext = join(ca.dir, `${name}.ext`);
  openssl(
    ['req', ...keyArgs(options.keyType ?? 'ec'), '-nodes', '-keyout', leaf.key, '-out', csr, '-subj', `/CN=${name}`],
    ca.dir,
  );
  const names = options.names ?? ['IP:127.0.0.1', 'DNS:localhost'];
  writeFileSync(
    ext,
    [
      'basicConstraints = CA:FALSE',
      'extendedKeyUsage = serverAuth, clientAuth',
      `subjectAltName = ${names.join(', ')}`,
      '',
    ].join('\n'),
  );
  const validity = options.expired ? ['-startdate', '20200101000000Z', '-enddate', '20200201000000Z'] : ['-days', '30'];
  openssl(
    [
      'ca',
      '-batch',
      '-notext',
      '-config',
      join(ca.dir, 'ca.cnf'),
      '-cert',
      ca.cert,
      '-keyfile',
      ca.key,
      '-in',
      csr,
      '-out',
      leaf.cert,
      '-extfile',
      ext,
      ...validity,
    ],
    ca.dir,
  );
  return leaf;
}
