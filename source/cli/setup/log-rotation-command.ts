import {parseArgs} from 'node:util';
import {parseArgsMessage} from '../parse-args-error.js';
import {logCommand, shellQuote} from '../../command-log.js';
import {UsageError} from '../../errors.js';
import {
  defaultDaemonJsonPath,
  formatDaemonJson,
  readDaemonJson,
  writeDaemonJson,
} from '../../engine/daemon-config/daemon-json.js';
import {mergeLogRotation} from '../../engine/daemon-config/log-rotation.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {lineDiff} from './line-diff.js';
import {LOG_ROTATION_USAGE} from './usage.js';

export type SetupIo = {stdout: NodeJS.WritableStream; env: NodeJS.ProcessEnv; uid?: number};

export function logRotationCommand(argv: string[], io: SetupIo): number {
  let values;
  try {
    ({values} = parseArgs({
      args: argv,
      options: {
        'max-size': {type: 'string', default: '10m'},
        'max-file': {type: 'string', default: '3'},
        compress: {type: 'boolean', default: false},
        config: {type: 'string'},
        'dry-run': {type: 'boolean', default: false},
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${parseArgsMessage(error, argv)}; usage: ${LOG_ROTATION_USAGE}`);
  }
  const file = values.config || defaultDaemonJsonPath(io.env, io.uid);
  const request = {maxSize: values['max-size'], maxFile: values['max-file'], compress: values.compress};
  const current = readDaemonJson(file);
  const merged = mergeLogRotation(current.settings, request);
  if (merged.problems.length) {
    // Usage-like: the values asked for (or kept from the file) are what is wrong, and nothing was written.
    throw new UsageError(`${file}: not written — ${merged.problems.join('; ')}`);
  }
  const text = formatDaemonJson(merged.settings);
  const write = (line = '') => io.stdout.write(`${sanitizeLine(line)}\n`);
  if (current.text !== undefined && JSON.stringify(current.settings) === JSON.stringify(merged.settings)) {
    write(`${file} already sets json-file logs with these options; nothing to change.`);
    return 0;
  }
  write(`${current.text === undefined ? 'new file' : 'changes to'} ${file}:`);
  for (const line of lineDiff(current.text ?? '', text)) write(line);
  for (const note of merged.notes) write(`note: ${note}`);
  if (values['dry-run']) {
    write('');
    write('dry run: nothing was written.');
    return 0;
  }
  const backup = writeDaemonJson(current, text);
  logCommand(`# berth setup log-rotation wrote ${shellQuote(file)}${backup ? ` (backup ${shellQuote(backup)})` : ''}`, {
    env: io.env,
  });
  write('');
  write(
    `wrote ${file}${backup ? ` (the previous file is kept as ${backup}; restore it with: cp ${shellQuote(backup)} ${shellQuote(file)})` : ''}`,
  );
  write(
    'Only containers created from now on get these options; existing containers keep their log settings until they are re-created',
  );
  write('(docker rm + docker run, or docker-compose up --force-recreate).');
  write(
    'The engine reads daemon.json only when it starts: restart it to apply (running containers stop unless "live-restore" is set):',
  );
  if (file === '/etc/docker/daemon.json') {
    write('  sudo systemctl restart docker        (without systemd: sudo service docker restart)');
  } else if (file === defaultDaemonJsonPath(io.env, 1)) {
    write('  systemctl --user restart docker      (rootless engine)');
  } else {
    write(`  restart the dockerd started with --config-file ${file} (stop it, start it again)`);
  }
  return 0;
}
