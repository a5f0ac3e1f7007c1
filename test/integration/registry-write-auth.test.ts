import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../source/registry/client.js';
import {copyImage, retag} from '../../source/registry/image-copy.js';
import {deleteManifest, manifestDigest} from '../../source/registry/manifest-writes.js';
import {shouldRunRegistryTests, type RunningRegistry} from '../helpers/registry-server.js';
import {Pusher, type PushedImage} from '../helpers/registry-seed.js';
import {
  fetchToken,
  parseScope,
  startTokenRegistry,
  type Access,
  type TokenServer,
} from '../helpers/registry-token-server.js';

const PASSWORD = 'write-secret';

// Writes ask the token server for the scopes they need (pull,push to write, delete to delete, pull on the source of
// a mount) with the credentials berth reads with; a caller granted pull only is refused in one line.
describe.runIf(shouldRunRegistryTests())('registry writes with token auth', {timeout: 60_000}, () => {
  let registry: RunningRegistry;
  let tokens: TokenServer;
  let image: PushedImage;
  let dir: string;
  // alice gets what she asks for; anyone else pull only.
  const grant = (account: string | undefined, scopes: string[]): Access[] =>
    scopes
      .map(parseScope)
      .filter((a): a is Access => !!a)
      .map(a => (account === 'alice' ? a : {...a, actions: a.actions.filter(action => action === 'pull')}));
  const alice = () =>
    RegistryClient.create(registry.url, {
      caFile: registry.caFile,
      credentials: {username: 'alice', password: PASSWORD, source: 'the test'},
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'berth-write-auth-'));
    ({registry, tokens} = await startTokenRegistry(dir, {alice: PASSWORD}));
    tokens.grant = (_account, scopes) => scopes.map(parseScope).filter((a): a is Access => !!a);
    const token = await fetchToken(tokens, ['repository:team/app:pull,push']);
    const pusher = new Pusher({
      url: registry.url,
      ca: readFileSync(registry.caFile, 'utf8'),
      authorization: `Bearer ${token}`,
    });
    image = await pusher.image('team/app', '1', {});
    await pusher.close();
  });

  beforeEach(() => {
    tokens.grant = grant;
    tokens.requests.length = 0;
  });

  afterAll(async () => {
    await registry?.stop();
    await tokens?.stop();
    rmSync(dir, {recursive: true, force: true});
  });

  const asked = () => tokens.requests.flatMap(request => request.scopes);

  it('retag asks for pull,push; a mount also for pull on the source; delete for delete', async () => {
    const client = await alice();
    await retag({client, repository: 'team/app'}, '1', 'two');
    expect(asked()).toContain('repository:team/app:pull,push');
    const copied = await copyImage(
      {client, repository: 'team/app', reference: '1'},
      {client, repository: 'team/copy', tag: '1'},
    );
    expect(copied.mounted).toBe(2);
    expect(asked()).toEqual(expect.arrayContaining(['repository:team/copy:pull,push', 'repository:team/app:pull']));
    await deleteManifest(client, 'team/copy', image.digest);
    expect(asked()).toContain('repository:team/copy:delete');
    await client.close();
  });

  it('a caller who may only pull is refused in one line that names the access', async () => {
    const anonymous = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
    expect(await manifestDigest(anonymous, 'team/app', '1')).toBe(image.digest);
    const error = await retag({client: anonymous, repository: 'team/app'}, '1', 'three').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toMatch(/push team\/app:three needs a login/);
    expect(error?.message).not.toMatch(/\n/);
    await anonymous.close();
    const client = await alice();
    const denied = await client.listTags('team/app');
    expect(denied).not.toContain('three');
    await client.close();
  });
});
