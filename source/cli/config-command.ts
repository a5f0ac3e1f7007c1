import {UsageError} from '../errors.js';
import {configPath} from '../config.js';
import {DEFAULT_CONFIG_FILE} from './config-default.js';

// berth config --default: a complete config file at the defaults, to start one from; --path: where berth reads it.
// `--config FILE` (before or after `config`, as on every other command) names the file --path prints.
export function configCommand(args: readonly string[], io: {stdout: NodeJS.WritableStream; env: NodeJS.ProcessEnv}) {
  const words: string[] = [];
  let file: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--config') {
      file = args[++i];
      if (!file) throw new UsageError('--config needs a file: berth --config FILE config --path');
    } else if (arg.startsWith('--config=')) file = arg.slice('--config='.length);
    else words.push(arg);
  }
  const [what, ...rest] = words;
  if (rest.length || (what !== '--default' && what !== '--path'))
    throw new UsageError(
      'berth config takes --default (print a complete config file at the defaults) or --path (where berth reads it)',
    );
  io.stdout.write(what === '--default' ? DEFAULT_CONFIG_FILE : `${configPath(file, io.env)}\n`);
  return 0;
}
