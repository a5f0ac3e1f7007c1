import {createPrivateKey, randomUUID, sign} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {createServer, type Server} from 'node:https';
import {join} from 'node:path';
import {freePort, startRegistry, type RunningRegistry} from './registry-server.js';
import {issueLeaf, makeCa, type TestCa} from './registry-pki.js';

// A token server in the shape of distribution's token spec: GET <realm>?service&scope… with
// optional Basic credentials answers a JWT the registry trusts (RS256, x5c chain to the CA in the
// registry's rootcertbundle).

export interface Access {
  type: string;
  name: string;
  actions: string[];
}

export interface TokenRequestRecord {
  account?: string;
  scopes: string[];
  method: string;
}

export interface TokenServer {
  realm: string;
  service: string;
  issuer: string;
  // CA bundle to give the registry as rootcertbundle.
  rootCertBundle: string;
  requests: TokenRequestRecord[];
  issued: string[];
  expiresIn: number;
  // Decides what a caller gets; default: what it asked for, when its password is right.
  grant: (account: string | undefined, scopes: string[]) => Access[] | 'deny';
  stop(): Promise<void>;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function parseScope(scope: string): Access | undefined {
  // resource names may contain host:port, so split type off the front and actions off the back
  const first = scope.indexOf(':');
  const last = scope.lastIndexOf(':');
  if (first < 0 || last === first) return undefined;
  return {type: scope.slice(0, first), name: scope.slice(first + 1, last), actions: scope.slice(last + 1).split(',')};
}

export async function startTokenServer(
  ca: TestCa,
  users: Record<string, string>,
  service = 'berth-test',
): Promise<TokenServer> {
  const signer = issueLeaf(ca, `token-signer-${Date.now()}`, {names: ['DNS:token-signer'], keyType: 'rsa'});
  const tls = issueLeaf(ca, `token-tls-${Date.now()}`);
  const signingKey = createPrivateKey(readFileSync(signer.key));
  const x5c = readFileSync(signer.cert, 'utf8')
    .replace(/-----[^-]+-----/g, '')
    .replace(/\s+/g, '');
  const port = await freePort();
  const state: TokenServer = {
    realm: `https://127.0.0.1:${port}/token`,
    service,
    issuer: 'berth-test-issuer',
    rootCertBundle: ca.cert,
    requests: [],
    issued: [],
    expiresIn: 300,
    grant: (account, scopes) => scopes.map(parseScope).filter((a): a is Access => !!a),
    stop: async () => {},
  };
  const server: Server = createServer({cert: readFileSync(tls.cert), key: readFileSync(tls.key)}, (req, res) => {
    const url = new URL(req.url ?? '/', state.realm);
    const scopes = url.searchParams
      .getAll('scope')
      .flatMap(s => s.split(' '))
      .filter(Boolean);
    let account: string | undefined;
    const header = req.headers.authorization ?? '';
    if (header.startsWith('Basic ')) {
      const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const [user, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
      if (users[user] !== password) {
        state.requests.push({account: user, scopes, method: req.method ?? 'GET'});
        res
          .writeHead(401, {'content-type': 'application/json'})
          .end(JSON.stringify({errors: [{code: 'UNAUTHORIZED', message: 'invalid username or password'}]}));
        return;
      }
      account = user;
    }
    state.requests.push({account, scopes, method: req.method ?? 'GET'});
    if (req.method === 'POST') {
      res.writeHead(404).end();
      return;
    }
    const access = state.grant(account, scopes);
    if (access === 'deny') {
      res
        .writeHead(401, {'content-type': 'application/json'})
        .end(JSON.stringify({errors: [{code: 'UNAUTHORIZED', message: 'authentication required'}]}));
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const header64 = base64url(JSON.stringify({typ: 'JWT', alg: 'RS256', x5c: [x5c]}));
    const claims = base64url(
      JSON.stringify({
        iss: state.issuer,
        sub: account ?? '',
        aud: state.service,
        exp: now + state.expiresIn,
        nbf: now - 10,
        iat: now,
        jti: randomUUID(),
        access,
      }),
    );
    const signature = base64url(sign('sha256', Buffer.from(`${header64}.${claims}`), signingKey));
    const token = `${header64}.${claims}.${signature}`;
    state.issued.push(token);
    res
      .writeHead(200, {'content-type': 'application/json'})
      .end(
        JSON.stringify({token, access_token: token, expires_in: state.expiresIn, issued_at: new Date().toISOString()}),
      );
  });
  await new Promise<void>(resolve => server.listen(port, '127.0.0.1', resolve));
  state.stop = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

// A token straight from the token server (anonymous: what its grant gives anyone), e.g. for a seeding push.
export async function fetchToken(tokens: TokenServer, scopes: string[]): Promise<string> {
  const {Agent, request} = await import('undici');
  const agent = new Agent({connect: {ca: readFileSync(tokens.rootCertBundle, 'utf8')}});
  const url = new URL(tokens.realm);
  url.searchParams.set('service', tokens.service);
  for (const scope of scopes) url.searchParams.append('scope', scope);
  const response = await request(url, {dispatcher: agent});
  const body = (await response.body.json()) as {token: string};
  await agent.close();
  return body.token;
}

// A registry with token auth in `dir` (its CA under dir/pki), and its token server knowing `users`.
export async function startTokenRegistry(
  dir: string,
  users: Record<string, string>,
): Promise<{registry: RunningRegistry; tokens: TokenServer}> {
  const ca = makeCa(join(dir, 'pki'));
  const tokens = await startTokenServer(ca, users);
  const registry = await startRegistry(
    {
      token: {
        realm: tokens.realm,
        service: tokens.service,
        issuer: tokens.issuer,
        rootCertBundle: tokens.rootCertBundle,
      },
    },
    {dir, ca},
  );
  return {registry, tokens};
}
