import {createInterface} from 'node:readline/promises';
import {UsageError} from '../errors.js';
import {logCommand} from '../command-log.js';
import type {EngineTarget} from '../engine/target.js';
import {planPrune, type PruneScope} from '../engine/images/prune-plan.js';
import {runPrune} from '../engine/images/prune-run.js';
import {dockerPruneCommand} from '../engine/images/docker-commands.js';
import {previewIsEmpty, previewLines, previewTitle, resultLines} from '../engine/images/prune-text.js';
import type {CommandFlags} from './args.js';
import {refuseFlags, withEngine, type CommandIo} from './image-commands.js';

export type PruneIo = CommandIo & {stdin: NodeJS.ReadableStream & {isTTY?: boolean}; interactive: boolean};

export function pruneScope(args: string[], flags: CommandFlags): PruneScope {
  const [what, ...extra] = args;
  if (extra.length || (what && what !== 'images' && what !== 'volumes')) {
    throw new UsageError(
      `berth prune takes "images", "volumes" or nothing (got "${args.join(' ')}"); e.g. berth prune images --all`,
    );
  }
  if (what) {
    refuseFlags(`prune ${what}`, flags, ['all', 'dryRun', 'yes']);
    return {kind: what as 'images' | 'volumes', all: flags.all ?? false};
  }
  refuseFlags('prune', flags, ['all', 'volumes', 'dryRun', 'yes']);
  return {kind: 'system', all: flags.all ?? false, volumes: flags.volumes ?? false};
}

async function ask(io: PruneIo, question: string): Promise<boolean> {
  const prompt = createInterface({input: io.stdin, output: io.stderr, terminal: false});
  try {
    const answer = await prompt.question(question);
    return /^y(es)?$/i.test(answer.trim());
  } catch {
    return false;
  } finally {
    prompt.close();
  }
}

// berth prune [images|volumes] [--all] [--volumes] [--dry-run] [--yes]: the preview always comes first; only --yes or
// a "y" typed at a terminal removes anything (a script without --yes gets the preview and exit 0).
export async function pruneCommand(
  target: EngineTarget,
  args: string[],
  flags: CommandFlags,
  io: PruneIo,
): Promise<number> {
  const scope = pruneScope(args, flags);
  return withEngine(target, async client => {
    const preview = await planPrune(client.docker, client.api, scope);
    io.stdout.write(`${previewTitle(preview)} would remove:\n${previewLines(preview).join('\n')}\n`);
    if (flags.dryRun || previewIsEmpty(preview)) return 0;
    if (!flags.yes) {
      if (!io.interactive) {
        io.stderr.write('berth: preview only (no terminal to ask); run again with --yes to remove these\n');
        return 0;
      }
      if (!(await ask(io, 'Remove these? [y/N] '))) {
        io.stderr.write('nothing removed\n');
        return 0;
      }
    }
    logCommand(dockerPruneCommand(scope, client.api));
    const result = await runPrune(client.docker, preview);
    io.stdout.write(`${resultLines(result).join('\n')}\n`);
    return result.errors.length ? 1 : 0;
  });
}
