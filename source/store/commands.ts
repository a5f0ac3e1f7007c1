import type {Controller, ExitRequest} from './controller.js';

export type CommandSpec = {
  name: string;
  usage: string;
  run(controller: Controller, args: string[]): ExitRequest | undefined;
};

// Splits like a shell would for simple cases: whitespace, with '…' and "…" quoting.
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let match = re.exec(line); match; match = re.exec(line)) words.push(match[1] ?? match[2] ?? match[3]);
  return words;
}

export const COMMANDS: CommandSpec[] = [
  {name: 'quit', usage: ':quit', run: () => ({type: 'quit'})},
  {name: 'q', usage: ':q', run: () => ({type: 'quit'})},
];

export function runCommand(controller: Controller, line: string): ExitRequest | undefined {
  const [name, ...args] = splitCommandLine(line.replace(/^:/, ''));
  if (!name) return undefined;
  const command = COMMANDS.find(c => c.name === name);
  if (!command) {
    controller.status(`unknown command ":${name}"; known: ${COMMANDS.map(c => c.usage).join(', ')}`, 'error');
    return undefined;
  }
  try {
    return command.run(controller, args);
  } catch (error) {
    controller.status(`:${name}: ${(error as Error).message}; usage ${command.usage}`, 'error');
    return undefined;
  }
}
