import {BerthError} from '../../errors.js';
import {readDaemonJson} from '../daemon-config/daemon-json.js';

// dockerd refuses to start when a directive is given both as a flag and in daemon.json ("the following
// directives are specified both as a flag and in the configuration file: hosts"); the drop-in adds these flags.
const FLAG_KEYS = ['hosts', 'tlsverify', 'tlscacert', 'tlscert', 'tlskey', 'tls'];

export function refuseDaemonJsonConflicts(file: string): void {
  const {settings, text} = readDaemonJson(file);
  if (text === undefined) return;
  const clashing = FLAG_KEYS.filter(key => key in settings);
  if (clashing.length === 0) return;
  const shown = clashing.map(key => `"${key}": ${JSON.stringify(settings[key])}`).join(', ');
  throw new BerthError(
    `${file} already sets ${shown}; dockerd refuses to start when ${clashing.length > 1 ? 'these are' : 'this is'} given both in daemon.json and as a flag (the drop-in passes -H and the TLS flags) — remove ${clashing.map(k => `"${k}"`).join(', ')} from ${file} first (put its addresses on --ip), nothing was written`,
  );
}
