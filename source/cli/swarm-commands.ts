import {readFileSync} from 'node:fs';
import {logCommand} from '../command-log.js';
import {dockerSecretCreateCommand} from '../engine/swarm/docker-commands.js';
import {
  listNodes,
  listSecrets,
  listServices,
  swarmRole,
  type NodeRow,
  type SecretRow,
  type ServiceRow,
} from '../engine/swarm/lists.js';
import {createSecret} from '../engine/swarm/operations.js';
import type {EngineTarget} from '../engine/target.js';
import {BerthError, UsageError} from '../errors.js';
import {stripAnsi} from '../text/escapes.js';
import {sanitizeLine} from '../text/sanitize.js';
import type {CommandFlags} from './args.js';
import {plainTable} from './plain-table.js';
import {refuseFlags, withEngine, type CommandIo} from './image-commands.js';

const safe = (text: string) => sanitizeLine(stripAnsi(text));

const table = (rows: string[][]): string => `${plainTable(rows)}\n`;

export function servicesTable(rows: readonly ServiceRow[]): string {
  return table([
    ['ID', 'NAME', 'MODE', 'REPLICAS', 'IMAGE', 'PORTS'],
    ...rows.map(row => [
      row.shortId,
      safe(row.name),
      row.mode,
      `${row.running}/${row.desired}`,
      safe(row.image),
      safe(row.ports),
    ]),
  ]);
}

export function nodesTable(rows: readonly NodeRow[]): string {
  return table([
    ['ID', 'HOSTNAME', 'STATUS', 'AVAILABILITY', 'MANAGER STATUS', 'ENGINE VERSION'],
    ...rows.map(row => [
      `${row.id}${row.self ? ' *' : ''}`,
      safe(row.hostname),
      row.state,
      row.availability,
      row.managerStatus,
      safe(row.engineVersion),
    ]),
  ]);
}

export function secretsTable(rows: readonly SecretRow[]): string {
  return table([
    ['ID', 'NAME', 'CREATED', 'UPDATED'],
    ...rows.map(row => [row.id, safe(row.name), row.createdAt, row.updatedAt]),
  ]);
}

const notManager = (state: string) =>
  new BerthError(
    state === 'active'
      ? 'this engine is a swarm worker: run this against a manager (its --host or context)'
      : `this engine is not part of a swarm (state ${state}); docker swarm init or join one first`,
  );

// berth swarm services|nodes|secrets [--json]
export async function swarmCommand(
  target: EngineTarget,
  args: string[],
  flags: CommandFlags,
  io: CommandIo,
): Promise<number> {
  refuseFlags('swarm', flags, ['json']);
  const [what, ...rest] = args;
  if (!what || !['services', 'nodes', 'secrets'].includes(what) || rest.length)
    throw new UsageError('usage: berth swarm services|nodes|secrets [--json]');
  return withEngine(target, async client => {
    const role = await swarmRole(client.docker);
    if (!role.manager) throw notManager(role.state);
    if (what === 'services') {
      const rows = await listServices(client.docker);
      io.stdout.write(
        flags.json
          ? `${JSON.stringify(
              rows.map(row => ({...row, name: safe(row.name), image: safe(row.image)})),
              null,
              2,
            )}\n`
          : servicesTable(rows),
      );
    } else if (what === 'nodes') {
      const rows = await listNodes(client.docker, role.nodeId);
      io.stdout.write(
        flags.json
          ? `${JSON.stringify(
              rows.map(row => ({...row, hostname: safe(row.hostname)})),
              null,
              2,
            )}\n`
          : nodesTable(rows),
      );
    } else {
      const rows = await listSecrets(client.docker);
      io.stdout.write(
        flags.json
          ? `${JSON.stringify(
              rows.map(row => ({...row, name: safe(row.name)})),
              null,
              2,
            )}\n`
          : secretsTable(rows),
      );
    }
    return 0;
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += piece.length;
    if (size > 500 * 1024) throw new BerthError('a secret holds at most 500 KiB');
    chunks.push(piece);
  }
  const all = Buffer.concat(chunks);
  for (const chunk of chunks) chunk.fill(0);
  return all;
}

// berth secret create NAME [FILE|-]: the value from FILE, or from stdin (- or no FILE). Never from a terminal
// without a prompt that echoes: on a terminal, stdin is refused (type it through the UI's masked prompt).
export async function secretCommand(
  target: EngineTarget,
  args: string[],
  flags: CommandFlags,
  io: CommandIo & {stdin: NodeJS.ReadableStream & {isTTY?: boolean}},
): Promise<number> {
  refuseFlags('secret', flags, []);
  const [verb, name, file, ...rest] = args;
  if (verb !== 'create' || !name || rest.length) throw new UsageError('usage: berth secret create NAME [FILE|-]');
  const fromStdin = !file || file === '-';
  if (fromStdin && io.stdin.isTTY)
    throw new UsageError(
      'berth secret create reads the value from stdin: pipe it in (printf %s "$VALUE" | berth secret create NAME -), or give a FILE',
    );
  let value: Buffer;
  try {
    value = fromStdin ? await readAll(io.stdin) : readFileSync(file);
  } catch (error) {
    if (error instanceof BerthError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a directory, not a file' : (code ?? 'error');
    throw new BerthError(
      `cannot read ${fromStdin ? 'stdin' : file}: ${why}; give the file that holds the secret's value, or - to read stdin`,
    );
  }
  return withEngine(target, async client => {
    const role = await swarmRole(client.docker);
    if (!role.manager) {
      value.fill(0);
      throw notManager(role.state);
    }
    logCommand(dockerSecretCreateCommand(name, fromStdin ? undefined : file));
    const id = await createSecret(client.docker, name, value).catch(error => {
      throw new BerthError((error as Error).message);
    });
    io.stdout.write(`${id}\n`);
    return 0;
  });
}
