import {existsSync, statSync} from 'node:fs';
import {resolve} from 'node:path';
import {localProject} from '../../engine/compose/project.js';
import type {CommandSpec, Services} from '../types.js';
import {openDown} from './down.js';
import {runCompose} from './effects.js';
import {projects, selectedProject} from './selectors.js';
import type {OpenedProject} from './state.js';

// compose's own rule for a profile name.
const PROFILE = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;

// Profiles as typed (P's prompt, :profile): separated by spaces or commas, each checked as compose checks it.
export function profileWords(text: string): string[] {
  const words = text.split(/[\s,]+/).filter(Boolean);
  const wrong = words.find(word => !PROFILE.test(word));
  if (wrong !== undefined) throw new Error(`"${wrong}" is not a profile name ([a-zA-Z0-9][a-zA-Z0-9_.-]*)`);
  return [...new Set(words)];
}

// :compose DIR, :compose -f a.yml -f b.yml [--env-file F] [--profile P]… [-p NAME] [DIR], as the compose CLI takes
// them (relative paths from berth's working directory); DIR without -f is where compose looks for its file.
export function parseOpenProject(args: readonly string[], cwd: string): {opened: OpenedProject; profiles: string[]} {
  const files: string[] = [];
  const profiles: string[] = [];
  const dirs: string[] = [];
  let envFile: string | undefined;
  let name: string | undefined;
  const left = [...args];
  const value = (flag: string) => {
    const next = left.shift();
    if (next === undefined) throw new Error(`${flag} needs a value`);
    return next;
  };
  for (let arg = left.shift(); arg !== undefined; arg = left.shift()) {
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const take = () => inline ?? value(flag);
    if (flag === '-f' || flag === '--file') files.push(take());
    else if (flag === '--env-file') envFile = take();
    else if (flag === '--profile') profiles.push(...profileWords(take()));
    else if (flag === '-p' || flag === '--project-name') name = take();
    else if (flag.startsWith('-')) throw new Error(`unknown option "${flag}" (-f, --env-file, --profile, -p)`);
    else dirs.push(arg);
  }
  if (dirs.length > 1) throw new Error(`one directory at most (got ${dirs.join(', ')})`);
  const dir = resolve(cwd, dirs[0] ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
  const base = dirs.length ? dir : cwd;
  const missing = [...files.map(file => resolve(base, file)), ...(envFile ? [resolve(base, envFile)] : [])].filter(
    file => !existsSync(file),
  );
  if (missing.length) throw new Error(`${missing.join(', ')}: no such file`);
  return {opened: {cwd: base, files, ...(name ? {name} : {}), ...(envFile ? {envFile} : {})}, profiles};
}

function openProject(services: Services, args: readonly string[]): void {
  const {opened, profiles} = parseOpenProject(args, services.config.cwd ?? process.cwd());
  const local = localProject({...opened, env: process.env});
  if (!local?.files.length) throw new Error(`no compose file in ${opened.cwd} (give one with -f)`);
  if (profiles.length) services.dispatch({type: 'compose.profiles', project: local.name, profiles});
  services.dispatch({type: 'compose.openProject', opened, local});
}

export const COMPOSE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'compose',
    usage:
      ':compose build|up|down [PROJECT], or :compose DIR | -f FILE… [--env-file F] [--profile P]… [-p NAME] (opens it)',
    run(services, args) {
      const [operation, name, ...rest] = args;
      if (operation !== 'build' && operation !== 'up' && operation !== 'down') {
        if (!operation) throw new Error('give build, up or down, or a directory or -f FILE to open');
        openProject(services, args);
        return undefined;
      }
      // Building, starting or taking down changes the engine: not under --readonly.
      if (services.config.readonly) throw new Error(`${operation} changes the engine (berth runs --readonly)`);
      if (rest.length) throw new Error(`one project at most (got "${[name, ...rest].join(' ')}")`);
      const state = services.store.get();
      const project = name ?? selectedProject(state)?.name;
      if (!project) throw new Error('no project selected: give its name, or select one in view 3');
      const known = projects(state).map(p => p.name);
      if (!known.includes(project))
        throw new Error(
          `no compose project named "${project}" ${known.length ? `(there are: ${known.join(', ')})` : '(view 3 lists none)'}; :compose DIR opens one from its files`,
        );
      if (operation === 'down') void openDown(services, project);
      else void runCompose(services, project, {op: operation});
      return undefined;
    },
    complete: (state, index) =>
      index === 0 ? ['build', 'up', 'down'] : index === 1 ? projects(state).map(project => project.name) : [],
  },
  {
    name: 'profile',
    usage: ':profile [NAME…] (the profiles of the selected or open compose project; none: no profile)',
    run(services, args) {
      const project = selectedProject(services.store.get());
      if (!project) throw new Error('select a compose project first (view 3)');
      services.dispatch({type: 'compose.profiles', project: project.name, profiles: profileWords(args.join(' '))});
      return undefined;
    },
  },
];
