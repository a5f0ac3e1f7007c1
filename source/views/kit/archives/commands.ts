import type {CommandSpec} from '../../types.js';
import {startArchive} from './effects.js';

// :export CONTAINER PATH (its :save and :load are the images view's: they pick an engine by the images).
export const ARCHIVE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'export',
    usage: ':export CONTAINER PATH',
    run(services, args) {
      if (args.length !== 2) throw new Error('give a container and the file to write');
      void startArchive(services, {operation: 'export', targets: [args[0]], path: args[1]});
      return undefined;
    },
  },
];
