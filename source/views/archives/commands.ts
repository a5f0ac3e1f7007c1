import type {CommandSpec} from '../types.js';
import {startArchive} from './effects.js';

export const ARCHIVE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'save',
    usage: ':save IMAGE... PATH',
    run(services, args) {
      if (args.length < 2) throw new Error('give one or more images and the file to write');
      void startArchive(services, {operation: 'save', targets: args.slice(0, -1), path: args.at(-1)!});
      return undefined;
    },
  },
  {
    name: 'load',
    usage: ':load PATH',
    changes: true,
    run(services, args) {
      if (args.length !== 1) throw new Error('give the archive to load');
      void startArchive(services, {operation: 'load', targets: [], path: args[0]});
      return undefined;
    },
  },
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
