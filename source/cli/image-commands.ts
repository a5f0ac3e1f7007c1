import {UsageError} from '../errors.js';
import {logCommand} from '../command-log.js';
import {connectEngine, type EngineClient} from '../engine/client.js';
import type {EngineTarget} from '../engine/target.js';
import {listImages, type ImageRow} from '../engine/images/list.js';
import {removeImage} from '../engine/images/remove.js';
import {dockerRmiCommand} from '../engine/images/docker-commands.js';
import {createdSince, humanSize} from '../engine/images/units.js';
import {stripAnsi} from '../text/escapes.js';
import {sanitizeLine} from '../text/sanitize.js';
import type {CommandFlags} from './args.js';
import {plainTable} from './plain-table.js';

export type CommandIo = {stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream};

type FlagName = Exclude<keyof CommandFlags, 'json'> | 'json';
const FLAG_SPELLING: Record<FlagName, string> = {
  json: '--json',
  noStream: '--no-stream',
  diskLimit: '--disk-limit',
  output: '-o',
  input: '-i',
  all: '--all',
  dangling: '--dangling',
  force: '--force',
  volumes: '--volumes',
  dryRun: '--dry-run',
  yes: '--yes',
  followLink: '-L',
  archive: '-a',
  quiet: '-q',
  since: '--since',
  until: '--until',
  filter: '--filter',
};

// Global parsing accepts every command's flags; each command refuses the ones it has no use for.
export function refuseFlags(command: string, flags: CommandFlags, allowed: FlagName[]): void {
  for (const [name, value] of Object.entries(flags) as [FlagName, unknown][]) {
    if (value === undefined || value === false || allowed.includes(name)) continue;
    const takes = allowed.length ? allowed.map(flag => FLAG_SPELLING[flag]).join(', ') : 'no flags';
    throw new UsageError(`berth ${command} does not take ${FLAG_SPELLING[name]} (it takes ${takes}); see berth --help`);
  }
}

export async function withEngine<T>(target: EngineTarget, run: (client: EngineClient) => Promise<T>): Promise<T> {
  const client = await connectEngine(target);
  try {
    return await run(client);
  } finally {
    client.close();
  }
}

const safe = (text: string) => sanitizeLine(stripAnsi(text));

const table = (rows: string[][]): string => `${plainTable(rows)}\n`;

export function imagesTable(rows: ImageRow[], now = Date.now()): string {
  const header = ['REPOSITORY', 'TAG', 'IMAGE ID', 'CREATED', 'SIZE', 'SHARED SIZE', 'CONTAINERS'];
  return table([
    header,
    ...rows.map(row => [
      safe(row.repository),
      safe(row.tag),
      row.shortId,
      createdSince(row.created, now),
      humanSize(row.size),
      humanSize(row.sharedSize),
      String(row.containers),
    ]),
  ]);
}

// berth images [--all] [--dangling] [--json]
export async function imagesCommand(
  target: EngineTarget,
  args: string[],
  flags: CommandFlags,
  io: CommandIo,
): Promise<number> {
  refuseFlags('images', flags, ['all', 'dangling', 'json']);
  if (args.length)
    throw new UsageError(`berth images takes no arguments (got "${args.join(' ')}"); filter with --all or --dangling`);
  return withEngine(target, async client => {
    const rows = await listImages(client.docker, client.api, {
      all: flags.all,
      dangling: flags.dangling,
      sharedSize: true,
    });
    if (flags.json) {
      const clean = rows.map(row => ({
        ...row,
        repository: safe(row.repository),
        tag: safe(row.tag),
        reference: safe(row.reference),
        tags: row.tags.map(safe),
        digests: row.digests.map(safe),
      }));
      io.stdout.write(`${JSON.stringify(clean, null, 2)}\n`);
    } else io.stdout.write(imagesTable(rows));
    return 0;
  });
}

// berth rmi [--force] IMAGE... — each image in turn, like `docker rmi`; exit 1 when any could not be removed.
export async function rmiCommand(
  target: EngineTarget,
  args: string[],
  flags: CommandFlags,
  io: CommandIo,
): Promise<number> {
  refuseFlags('rmi', flags, ['force']);
  if (!args.length)
    throw new UsageError(
      'berth rmi needs at least one image (name:tag or ID), e.g. berth rmi myapp:old; berth images lists them',
    );
  return withEngine(target, async client => {
    let failed = 0;
    for (const reference of args) {
      const result = await removeImage(client.docker, reference, {force: flags.force});
      logCommand(dockerRmiCommand([reference], flags.force ?? false));
      if (result.ok) {
        for (const line of result.lines) io.stdout.write(`${line.kind}: ${line.value}\n`);
        continue;
      }
      failed += 1;
      const conflict = result.conflict;
      const fix = conflict
        ? `${conflict.reason}${conflict.forceable && !flags.force ? ' (berth rmi --force)' : ''}`
        : result.message;
      io.stderr.write(`berth: image ${safe(reference)}: ${result.missing ? result.message : fix}\n`);
    }
    return failed ? 1 : 0;
  });
}
