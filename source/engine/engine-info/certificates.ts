import type {X509Certificate} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {crypto} from '../../util/lazy-builtins.js';

export type CertificateFacts = {
  file: string;
  role: 'CA' | 'client certificate';
  subject?: string;
  issuer?: string;
  // ISO dates; for a CA bundle, those of the certificate that expires first.
  notBefore?: string;
  notAfter?: string;
  daysLeft?: number;
  // Certificates in the file (a CA file may hold a bundle).
  count: number;
  problem?: string;
};

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const DAY = 24 * 60 * 60 * 1000;

export function certificateFacts(file: string, role: CertificateFacts['role'], now = new Date()): CertificateFacts {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      file,
      role,
      count: 0,
      problem: `cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    };
  }
  const blocks = text.match(PEM) ?? [];
  if (blocks.length === 0) return {file, role, count: 0, problem: 'no PEM certificate in the file'};
  let soonest: X509Certificate | undefined;
  try {
    for (const block of blocks) {
      const certificate = new (crypto().X509Certificate)(block);
      if (!soonest || Date.parse(certificate.validTo) < Date.parse(soonest.validTo)) soonest = certificate;
    }
  } catch (error) {
    return {file, role, count: blocks.length, problem: `not a valid certificate (${(error as Error).message})`};
  }
  const notAfter = new Date(soonest!.validTo);
  const notBefore = new Date(soonest!.validFrom);
  return {
    file,
    role,
    subject: soonest!.subject.replace(/\n/g, ', '),
    issuer: soonest!.issuer.replace(/\n/g, ', '),
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    daysLeft: Math.floor((notAfter.getTime() - now.getTime()) / DAY),
    count: blocks.length,
    problem: notAfter < now ? 'expired' : notBefore > now ? 'not valid yet (check the clock)' : undefined,
  };
}
