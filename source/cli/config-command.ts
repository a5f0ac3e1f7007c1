import {UsageError} from '../errors.js';
import {configPath} from '../config.js';
import {DEFAULT_CONFIG_FILE} from './config-default.js';

// berth config --default: a complete config file at the defaults, to start one from; --path: where berth reads it.
export function configCommand(args: readonly string[], io: {stdout: NodeJS.WritableStream; env: NodeJS.ProcessEnv}) {
  const [what, ...rest] = args;
  if (rest.length || (what !== '--default' && what !== '--path'))
    throw new UsageError(
      'berth config takes --default (print a complete config file at the defaults) or --path (where berth reads it)',
    );
  io.stdout.write(what === '--default' ? DEFAULT_CONFIG_FILE : `${configPath(undefined, io.env)}\n`);
  return 0;
}
