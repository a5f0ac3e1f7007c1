import type {CommandSpec} from '../../types.js';
import {startArchive} from './effects.js';
import {refuseOptions, twoArgs} from '../../command-line.js';

// :export CONTAINER PATH (its :save and :load are the images view's: they pick an engine by the images).
export const ARCHIVE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'export',
    usage: ':export CONTAINER PATH',
    run(services, args) {
      refuseOptions(args, 'a container or a file', ':export takes none; give the container, then the file to write');
      const [container, path] = twoArgs(args, 'give a container and the file to write');
      void startArchive(services, {operation: 'export', targets: [container], path});
      return undefined;
    },
  },
];
