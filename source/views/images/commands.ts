import type {PruneScope} from '../../engine/images/prune-plan.js';
import {errorMessage} from '../../errors.js';
import type {CommandSpec} from '../types.js';
import {refuseOptions} from '../command-line.js';
import {parseCreate, runCreate} from './create.js';
import {createOnEngineOfImage} from './on-engine-of-image.js';
import {openPrune} from './prune.js';
import {confirmRemove} from './remove.js';

export function parsePruneArgs(args: string[]): PruneScope {
  const words = args.filter(arg => !arg.startsWith('-'));
  const flags = args.filter(arg => arg.startsWith('-'));
  for (const flag of flags)
    if (flag !== '--all' && flag !== '--volumes' && flag !== '-a')
      throw new Error(`unknown option "${flag}" (--all, --volumes)`);
  const all = flags.includes('--all') || flags.includes('-a');
  if (words.length > 1 || (words[0] && words[0] !== 'images' && words[0] !== 'volumes'))
    throw new Error('give "images", "volumes" or nothing (system prune)');
  if (words[0]) {
    if (flags.includes('--volumes')) throw new Error(`:prune ${words[0]} takes --all only`);
    return {kind: words[0] as 'images' | 'volumes', all};
  }
  return {kind: 'system', all, volumes: flags.includes('--volumes')};
}

export const IMAGE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'rmi',
    usage: ':rmi IMAGE... (a dialog lists them and the containers using them)',
    changes: true,
    run(services, args) {
      if (!args.length) throw new Error('give one or more images (name:tag or ID)');
      refuseOptions(args, 'an image', ':rmi takes none; give the images (f in its dialog forces the removal)');
      void confirmRemove(services, args).catch(error => services.status(`:rmi: ${errorMessage(error)}`, 'error'));
      return undefined;
    },
  },
  {
    name: 'prune',
    usage: ':prune [--all] [--volumes] | :prune images [--all] | :prune volumes [--all] (preview first)',
    changes: true,
    run(services, args) {
      openPrune(services, parsePruneArgs(args));
      return undefined;
    },
  },
  {
    name: 'create',
    usage: ':create NAME IMAGE [CMD...] (created, not started; -t, -e KEY=VALUE after NAME)',
    changes: true,
    run(services, args) {
      const request = parseCreate(undefined, args);
      // With several engines, on the engine that has the image.
      if (services.engines().length > 1)
        void createOnEngineOfImage(services, request).catch(error =>
          services.status(`:create: ${errorMessage(error)}`, 'error'),
        );
      else void runCreate(services, request);
      return undefined;
    },
  },
];
