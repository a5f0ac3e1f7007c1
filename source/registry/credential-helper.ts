import {spawn} from 'node:child_process';
import {RegistryError, problem} from './errors.js';

export interface HelperCredentials {
  username: string;
  secret: string;
}

const HELPER_TIMEOUT_MS = 20_000;
const MAX_OUTPUT_BYTES = 1 << 20;

// docker-credential-helpers protocol: `docker-credential-<name> get`, the server URL on stdin,
// {"ServerURL","Username","Secret"} on stdout. "Not found" is exit 1 with
// "credentials not found in native keychain" on stdout, which means anonymous, not an error.
export function runCredentialHelper(
  name: string,
  serverUrl: string,
  env: NodeJS.ProcessEnv,
): Promise<HelperCredentials | undefined> {
  const program = `docker-credential-${name}`;
  const thing = `credential helper ${program} (for ${serverUrl})`;
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['get'], {env, stdio: ['pipe', 'pipe', 'pipe']});
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: RegistryError | undefined, value?: HelperCredentials) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(value);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(
        new RegistryError(
          'credentials',
          problem(
            thing,
            `gave no answer within ${HELPER_TIMEOUT_MS / 1000} s`,
            'Check that the helper works: echo SERVER | ' + program + ' get.',
          ),
        ),
      );
    }, HELPER_TIMEOUT_MS);
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_OUTPUT_BYTES) into.push(chunk);
    };
    child.stdout.on('data', collect(stdout));
    child.stderr.on('data', collect(stderr));
    child.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === 'ENOENT'
          ? `is not installed (no ${program} on PATH)`
          : `could not be started (${error.code ?? error.message})`;
      finish(
        new RegistryError(
          'credentials',
          problem(
            thing,
            reason,
            `Install ${program}, or remove it from credsStore/credHelpers in the docker config.json.`,
          ),
        ),
      );
    });
    child.on('close', code => {
      const out = Buffer.concat(stdout).toString('utf8').trim();
      if (code !== 0) {
        if (
          /credentials not found/i.test(out) ||
          /credentials not found/i.test(Buffer.concat(stderr).toString('utf8'))
        ) {
          finish(undefined, undefined);
          return;
        }
        // The helper's own words help, but only its first line (split always gives one): never its whole output.
        const [firstLine = ''] = (Buffer.concat(stderr).toString('utf8').trim() || out).split('\n');
        const said = firstLine.slice(0, 200);
        finish(
          new RegistryError(
            'credentials',
            problem(
              thing,
              `failed with exit code ${code}${said ? ` (${said})` : ''}`,
              `Run "docker login ${serverUrl}" again, or fix the helper.`,
            ),
          ),
        );
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(out);
      } catch {
        finish(
          new RegistryError(
            'credentials',
            problem(
              thing,
              'printed something that is not JSON',
              'Check the helper with: echo SERVER | ' + program + ' get.',
            ),
          ),
        );
        return;
      }
      const record = (parsed ?? {}) as Record<string, unknown>;
      const username = typeof record.Username === 'string' ? record.Username : '';
      const secret = typeof record.Secret === 'string' ? record.Secret : '';
      finish(undefined, secret ? {username, secret} : undefined);
    });
    child.stdin.on('error', () => {
      // A helper that exits without reading stdin is judged by its exit code and output.
    });
    child.stdin.end(serverUrl);
  });
}
