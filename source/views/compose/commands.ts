import type {CommandSpec} from '../types.js';
import {openDown} from './down.js';
import {runCompose} from './effects.js';
import {projects, selectedProject} from './selectors.js';

export const COMPOSE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'compose',
    usage: ':compose build|up|down [PROJECT] (the selected project without PROJECT; down lists what goes first)',
    changes: true,
    run(services, args) {
      const [operation, name, ...rest] = args;
      if (operation !== 'build' && operation !== 'up' && operation !== 'down')
        throw new Error(`give build, up or down${operation ? ` (not "${operation}")` : ''}`);
      if (rest.length) throw new Error(`one project at most (got "${[name, ...rest].join(' ')}")`);
      const project = name ?? selectedProject(services.store.get())?.name;
      if (!project) throw new Error('no project selected: give its name, or select one in view 3');
      if (operation === 'down') void openDown(services, project);
      else void runCompose(services, project, {op: operation});
      return undefined;
    },
    complete: (state, index) =>
      index === 0 ? ['build', 'up', 'down'] : index === 1 ? projects(state).map(project => project.name) : [],
  },
];
