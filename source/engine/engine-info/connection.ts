import {type EngineTarget, describeTarget} from '../target.js';
import {type CertificateFacts, certificateFacts} from './certificates.js';

export type ConnectionFacts = {
  host: string;
  kind: EngineTarget['kind'];
  // e.g. "tcp://127.0.0.1:2375 TLS"
  transport: string;
  context: string;
  source: EngineTarget['source'];
  unencrypted: boolean;
  tls?: {
    verify: boolean;
    caFile?: string;
    certFile?: string;
    keyFile?: string;
    certificates: CertificateFacts[];
  };
  // The API version every call is pinned to (after negotiation), when connected.
  api?: string;
};

// How berth reaches the engine, with the TLS files in use and when their certificates expire.
export function connectionFacts(target: EngineTarget, api?: string, now = new Date()): ConnectionFacts {
  const tls = target.tls;
  return {
    host: target.url,
    kind: target.kind,
    transport: describeTarget(target),
    context: target.context,
    source: target.source,
    unencrypted: target.unencrypted,
    tls: tls
      ? {
          verify: tls.verify,
          caFile: tls.caFile,
          certFile: tls.certFile,
          keyFile: tls.keyFile,
          certificates: [
            ...(tls.caFile ? [certificateFacts(tls.caFile, 'CA', now)] : []),
            ...(tls.certFile ? [certificateFacts(tls.certFile, 'client certificate', now)] : []),
          ],
        }
      : undefined,
    api,
  };
}
