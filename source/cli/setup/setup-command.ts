import {UsageError} from '../../errors.js';
import {logRotationCommand, type SetupIo} from './log-rotation-command.js';
import {LOG_ROTATION_USAGE, REMOTE_USAGE} from './usage.js';

const USAGE = `usage: ${LOG_ROTATION_USAGE}\n       ${REMOTE_USAGE}`;

// `berth setup …` has flags of its own (its --config names daemon.json, not berth's config file), so main hands
// it the words after "setup" untouched.
export async function setupCommand(argv: string[], io: SetupIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(
      `usage: ${sub === 'remote' ? REMOTE_USAGE : sub === 'log-rotation' ? LOG_ROTATION_USAGE : USAGE}\n`,
    );
    return 0;
  }
  if (sub === 'log-rotation') return logRotationCommand(rest, io);
  if (sub === 'remote') {
    const {remoteCommand} = await import('./remote-command.js');
    return remoteCommand(rest, io);
  }
  if (sub === '--help' || sub === '-h') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (sub === undefined)
    throw new UsageError(`berth setup needs a command (log-rotation or remote); ${USAGE.replace(/\n\s+/g, ' | ')}`);
  throw new UsageError(`unknown setup command "${sub}"; ${USAGE.replace(/\n\s+/g, ' | ')}`);
}
