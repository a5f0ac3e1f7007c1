import type {CommandSpec} from '../../types.js';
import {startArchive} from './effects.js';
import {twoArgs} from '../../command-line.js';

// :export CONTAINER PATH (its :save and :load are the images view's: they pick an engine by the images).
export const ARCHIVE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'export',
    usage: ':export CONTAINER PATH',
    run(services, args) {
      const [container, path] = twoArgs(args, 'give a container and the file to write');
      void startArchive(services, {operation: 'export', targets: [container], path});
      return undefined;
    },
  },
];
