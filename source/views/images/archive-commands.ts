import {oneArg, refuseOptions} from '../command-line.js';
import {errorMessage} from '../../errors.js';
import {startArchive} from '../kit/archives/effects.js';
import type {ArchiveRequest} from '../kit/archives/state.js';
import type {CommandSpec, Services} from '../types.js';
import {saveEngine, selectedImageEngine} from './named.js';

// :save IMAGE... PATH with several engines: from the one engine that has every image named.
async function saveFromEngineOf(services: Services, request: ArchiveRequest): Promise<void> {
  try {
    const on = await saveEngine(services, request.targets);
    if (!on) return;
    if ('error' in on) services.status(`:save: ${on.error}`, 'error');
    else await startArchive(services, {...request, ...on});
  } catch (error) {
    services.status(`:save: ${errorMessage(error)}`, 'error');
  }
}

// :save and :load are image commands: with several engines they ask this view which engine has the images.
export const IMAGE_ARCHIVE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'save',
    usage: ':save IMAGE... PATH',
    run(services, args) {
      refuseOptions(args, 'an image or a file', ':save takes none; give the images, then the file to write');
      if (args.length < 2) throw new Error('give one or more images and the file to write');
      const request = {operation: 'save' as const, targets: args.slice(0, -1), path: args.at(-1)!};
      if (services.engines().length > 1) void saveFromEngineOf(services, request);
      else void startArchive(services, request);
      return undefined;
    },
  },
  {
    name: 'load',
    usage: ':load PATH',
    changes: true,
    run(services, args) {
      refuseOptions(args, 'a file', ":load takes none; give the archive's path");
      const path = oneArg(
        args,
        args.length
          ? `give one archive, not ${args.length} words (${args.map(arg => `"${arg}"`).join(' ')}); quote a path with spaces`
          : 'give the archive to load',
      );
      // With several engines, into the engine of the images view's selected row (as L).
      const engine = selectedImageEngine(services);
      void startArchive(services, {operation: 'load', targets: [], path, ...(engine ? {engine} : {})});
      return undefined;
    },
  },
];
