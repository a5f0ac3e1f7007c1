import {symlinkSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import type {EngineTarget} from '../target.js';
import {makeTempDir} from '../temp-dirs.js';

const ENGINE_VARIABLES = ['DOCKER_HOST', 'DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_TLS', 'DOCKER_CERT_PATH'];

let linkedCerts: {key: string; dir: string} | undefined;

// DOCKER_CERT_PATH wants ca.pem, cert.pem and key.pem in one directory; files given as --tlscacert etc. under other
// names are linked into a private directory with those names (removed when berth exits).
function certDir(tls: NonNullable<EngineTarget['tls']>): string | undefined {
  const {caFile: ca, certFile: cert, keyFile: key} = tls;
  if (!ca || !cert || !key) return ca ? dirname(ca) : undefined;
  if (
    dirname(ca) === dirname(cert) &&
    dirname(cert) === dirname(key) &&
    basename(ca) === 'ca.pem' &&
    basename(cert) === 'cert.pem' &&
    basename(key) === 'key.pem'
  )
    return dirname(ca);
  const id = [ca, cert, key].join('\0');
  if (linkedCerts?.key === id) return linkedCerts.dir;
  const dir = makeTempDir('berth-certs-');
  symlinkSync(ca, join(dir, 'ca.pem'));
  symlinkSync(cert, join(dir, 'cert.pem'));
  symlinkSync(key, join(dir, 'key.pem'));
  linkedCerts = {key: id, dir};
  return dir;
}

// The environment a subprocess needs to reach the engine berth shows, set explicitly (never whatever the user's
// shell had): DOCKER_CONTEXT for a context, else DOCKER_HOST with DOCKER_TLS_VERIFY/DOCKER_CERT_PATH.
export function engineEnv(target: EngineTarget, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {...base};
  for (const name of ENGINE_VARIABLES) delete env[name];
  if (target.source === 'context') {
    env.DOCKER_CONTEXT = target.context;
    return env;
  }
  env.DOCKER_HOST = target.url;
  if (target.tls) {
    if (target.tls.verify) env.DOCKER_TLS_VERIFY = '1';
    else env.DOCKER_TLS = '1';
    const dir = certDir(target.tls);
    if (dir) env.DOCKER_CERT_PATH = dir;
  }
  return env;
}
