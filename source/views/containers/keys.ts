import type {Binding} from '../types.js';

export const CONTAINER_BINDINGS: readonly Binding[] = [
  {scope: 'containers', keys: ['enter', 'l'], action: 'logs.open', help: 'logs', footer: true},
  {
    scope: 'containers',
    keys: ['L'],
    action: 'containers.mergedLogs',
    help: "the marked containers' logs in one pane",
  },
  {scope: 'containers', keys: ['e'], action: 'exec.shell', help: 'shell', footer: true},
  {scope: 'containers', keys: ['E'], action: 'exec.form', help: 'exec a command (form)'},
  {
    scope: 'containers',
    keys: ['A'],
    action: 'container.attach',
    help: 'attach to the main process (ctrl-p ctrl-q detaches)',
  },
  {scope: 'containers', keys: ['s'], action: 'container.stop', help: 'stop', footer: true, changes: true},
  {scope: 'containers', keys: ['S'], action: 'container.start', help: 'start', changes: true},
  {scope: 'containers', keys: ['r'], action: 'container.restart', help: 'restart', changes: true},
  {
    scope: 'containers',
    keys: ['P'],
    action: 'container.pause',
    help: 'pause the running / unpause the paused (marked or selected)',
    changes: true,
  },
  {scope: 'containers', keys: ['d'], action: 'container.remove', help: 'remove', footer: true, changes: true},
  {scope: 'containers', keys: ['v'], action: 'container.env', help: 'environment'},
  {scope: 'containers', keys: ['i'], action: 'container.inspect', help: 'inspect'},
  {scope: 'containers', keys: ['a'], action: 'containers.toggleAll', help: 'all / running only'},
  {scope: 'containers', keys: ['z'], action: 'containers.toggleSize', help: 'size column'},
  {scope: 'containers', keys: ['u'], action: 'containers.toggleStats', help: 'CPU / memory columns'},
  {scope: 'containers', keys: ['p'], action: 'containers.statsPane', help: 'stats: graphs, I/O, processes'},
  {scope: 'env', keys: ['m'], action: 'env.reveal', help: 'show/mask secret values', footer: true},
];
