import {createHash} from 'node:crypto';
import {copyFileSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

// A docker config directory of a test's own with contexts in it, as `docker context create` writes them:
// contexts/meta/<sha256 of the name>/meta.json and, for TLS, contexts/tls/<sha256>/docker/{ca,cert,key}.pem.
export type ContextSpec = {name: string; host: string; tlsDir?: string};

export function dockerConfigWithContexts(contexts: readonly ContextSpec[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'berth-contexts-'));
  for (const context of contexts) {
    const digest = createHash('sha256').update(context.name).digest('hex');
    const meta = join(dir, 'contexts', 'meta', digest);
    mkdirSync(meta, {recursive: true});
    writeFileSync(
      join(meta, 'meta.json'),
      JSON.stringify({
        Name: context.name,
        Metadata: {},
        Endpoints: {docker: {Host: context.host, SkipTLSVerify: false}},
      }),
    );
    if (context.tlsDir) {
      const tls = join(dir, 'contexts', 'tls', digest, 'docker');
      mkdirSync(tls, {recursive: true});
      for (const file of ['ca.pem', 'cert.pem', 'key.pem']) copyFileSync(join(context.tlsDir, file), join(tls, file));
    }
  }
  writeFileSync(join(dir, 'config.json'), '{}\n');
  return dir;
}
