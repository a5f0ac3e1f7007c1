import type {SecureContext} from 'node:tls';
import type {TlsMaterial} from './target.js';
import {tls} from '../util/lazy-builtins.js';

// An engine's CA, certificate and key as one secure context, made once per engine and shared by every connection
// to it: given the material itself, Node parses the key and certificates again for each new connection (~2 ms of
// CPU and ~85 KB of native memory each on this kind of machine) — three times as berth starts (the early list, the
// early ping, the session's first connection), and again for every log pane, event stream and exec.
// Undefined when the material does not make one (a key that is not a key): the connections are then given the
// material itself, and fail with OpenSSL's error, which engine/connect-errors.ts turns into the file to fix.
const contexts = new WeakMap<TlsMaterial, SecureContext | null>();

export function engineSecureContext(material: TlsMaterial): SecureContext | undefined {
  let context = contexts.get(material);
  if (context === undefined) {
    try {
      context = tls().createSecureContext({ca: material.ca, cert: material.cert, key: material.key});
    } catch {
      context = null;
    }
    contexts.set(material, context);
  }
  return context ?? undefined;
}

// The TLS options of an agent for the engine: the shared context, or the material when it makes none.
export function engineTlsOptions(material: TlsMaterial): {
  secureContext?: SecureContext;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  rejectUnauthorized: boolean;
} {
  const secureContext = engineSecureContext(material);
  const {ca, cert, key, verify} = material;
  return secureContext ? {secureContext, rejectUnauthorized: verify} : {ca, cert, key, rejectUnauthorized: verify};
}
