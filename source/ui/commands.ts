import {errorMessage} from '../errors.js';
import {splitCommandLine} from '../views/command-line.js';
import type {CommandSpec, ExitRequest, Services} from '../views/types.js';

// :quit is q, through app.quit: it asks first when quitting would interrupt a compose command.
const quit = (services: Services, args: readonly string[]): ExitRequest | undefined => {
  if (args.length) throw new Error(`:quit takes no arguments (got "${args.join(' ')}")`);
  return services.dispatch({type: 'app.quit'});
};

// Commands of the shell itself; each view brings its own (ViewModule.commands).
export const SHELL_COMMANDS: readonly CommandSpec[] = [
  {name: 'quit', usage: ':quit', run: quit},
  {name: 'q', usage: ':q', run: quit},
];

export function runCommand(
  services: Services,
  commands: readonly CommandSpec[],
  line: string,
): ExitRequest | undefined {
  const [name, ...args] = splitCommandLine(line.replace(/^:/, ''));
  if (!name) return undefined;
  const allowed = commands.filter(c => !(c.changes && services.config.readonly));
  const command = allowed.find(c => c.name === name);
  if (!command) {
    // Names only: with every usage the list no longer fits the status line (a wrong command then names its usage).
    const names = [...new Set(allowed.map(c => `:${c.name}`))];
    services.status(`unknown command ":${name}"; known: ${names.join(' ')}`, 'error');
    return undefined;
  }
  try {
    return command.run(services, args);
  } catch (error) {
    services.status(`:${name}: ${errorMessage(error)}; usage ${command.usage}`, 'error');
    return undefined;
  }
}
