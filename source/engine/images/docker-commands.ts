import {shellQuote} from '../../command-log.js';
import {compareApi} from '../client.js';
import type {CreateRequest} from './create.js';
import type {PruneScope} from './prune-plan.js';

// The docker CLI commands that do what berth did, for the command log (source/command-log.ts).
const render = (words: string[]) => words.map(shellQuote).join(' ');

export function dockerRmiCommand(references: string[], force: boolean): string {
  return render(['docker', 'rmi', ...(force ? ['-f'] : []), ...references]);
}

// -f: berth asked already (or was told --yes); the log line is what a script would run.
export function dockerPruneCommand(scope: PruneScope, api: string): string {
  if (scope.kind === 'images') return render(['docker', 'image', 'prune', '-f', ...(scope.all ? ['-a'] : [])]);
  // API 1.41 knows no `all` for volumes; the CLI refuses -a there.
  if (scope.kind === 'volumes')
    return render(['docker', 'volume', 'prune', '-f', ...(scope.all && compareApi(api, '1.42') >= 0 ? ['-a'] : [])]);
  return render([
    'docker',
    'system',
    'prune',
    '-f',
    ...(scope.all ? ['-a'] : []),
    ...(scope.volumes ? ['--volumes'] : []),
  ]);
}

// KEY=value becomes KEY=*** (values are where secrets live).
export function dockerCreateCommand(request: CreateRequest): string {
  const env = (request.env ?? []).flatMap(entry => [
    '-e',
    entry.includes('=') ? `${entry.slice(0, entry.indexOf('='))}=***` : entry,
  ]);
  return render([
    'docker',
    'create',
    ...(request.tty ? ['-it'] : []),
    ...(request.name ? ['--name', request.name] : []),
    ...env,
    request.image,
    ...(request.cmd ?? []),
  ]);
}
