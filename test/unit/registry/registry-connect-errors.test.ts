import {createSecureContext} from 'node:tls';
import {describe, expect, it} from 'vitest';
import {explainConnectError, type ConnectTarget} from '../../../source/registry/connect-errors.js';
import type {Trust} from '../../../source/registry/trust.js';

const target: ConnectTarget = {host: 'reg.example:5000', hostname: 'reg.example', port: 5000, scheme: 'https'};
const trust: Trust = {
  secureContext: createSecureContext({}),
  rejectUnauthorized: true,
  caFiles: [],
  hostCertsDir: '/etc/docker/certs.d/reg.example:5000',
};
const noProbe = async () => ({names: 'DNS:other.example', validTo: 'Feb  1 00:00:00 2020 GMT', issuer: 'Corp CA'});
const err = (code: string, message = code, extra: object = {}) => Object.assign(new Error(message), {code}, extra);

describe('explainConnectError', () => {
  it('names the CA fix for an unknown CA, wrapped in a cause or not', async () => {
    const wrapped = Object.assign(new Error('fetch failed'), {
      cause: err('SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'),
    });
    const error = await explainConnectError(wrapped, target, trust, noProbe);
    expect(error.message).toBe(
      'registry reg.example:5000: TLS certificate not trusted: unknown CA (self-signed certificate in certificate chain, issued by "Corp CA"). Save the registry\'s CA certificate as /etc/docker/certs.d/reg.example:5000/ca.crt, or pass --registry-ca FILE.',
    );
    expect(error.reason).toBe('unknown-ca');
  });

  it('explains expiry and wrong names', async () => {
    expect((await explainConnectError(err('CERT_HAS_EXPIRED'), target, trust, noProbe)).message).toContain(
      'TLS certificate expired on Feb  1 00:00:00 2020 GMT',
    );
    const wrongName = err('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames", {
      cert: {subjectaltname: 'DNS:reg.internal'},
    });
    expect((await explainConnectError(wrongName, target, trust, noProbe)).message).toContain(
      'it is for DNS:reg.internal, not reg.example',
    );
  });

  it('explains network failures', async () => {
    const cases: Array<[string, RegExp]> = [
      ['ECONNREFUSED', /connection refused at https:\/\/reg\.example:5000\. Check that the registry is running/],
      ['ENOTFOUND', /host name reg\.example does not resolve/],
      ['UND_ERR_CONNECT_TIMEOUT', /timed out/],
      ['EHOSTUNREACH', /request failed \(EHOSTUNREACH: EHOSTUNREACH\)/],
    ];
    for (const [code, expected] of cases) {
      const error = await explainConnectError(err(code), {...target}, trust, noProbe);
      expect(error.message, code).toMatch(expected);
      expect(error.kind).toBe('network');
    }
  });
});
