import type {Binding} from '../types.js';

export const COMPOSE_BINDINGS: readonly Binding[] = [
  {scope: 'compose', keys: ['enter'], action: 'compose.open', help: 'services', footer: true},
  {
    scope: 'composeServices',
    keys: ['escape', 'left'],
    action: 'compose.back',
    help: 'back to the projects',
    footer: true,
  },
  {scope: 'composeServices', keys: ['enter', 'l'], action: 'compose.logs', help: 'logs', footer: true},
  {scope: 'composeActions', keys: ['L'], action: 'compose.projectLogs', help: 'project logs', footer: true},
  {
    scope: 'composeActions',
    keys: ['b'],
    action: 'compose.build',
    help: 'build --no-cache',
    footer: true,
    changes: true,
  },
  {scope: 'composeActions', keys: ['u'], action: 'compose.up', help: 'up -d', footer: true, changes: true},
  {scope: 'composeActions', keys: ['D'], action: 'compose.down', help: 'down', footer: true, changes: true},
  {scope: 'composeActions', keys: ['s'], action: 'compose.stop', help: "stop the project's containers", changes: true},
  {
    scope: 'composeActions',
    keys: ['S'],
    action: 'compose.start',
    help: "start the project's containers",
    changes: true,
  },
  {
    scope: 'composeActions',
    keys: ['P'],
    action: 'compose.editProfiles',
    help: 'profiles to enable (--profile), remembered per project',
  },
  {scope: 'composeActions', keys: ['c'], action: 'compose.output', help: 'last compose output'},
  {scope: 'composeRun', keys: ['ctrl-c'], action: 'compose.interrupt', help: 'interrupt compose', footer: true},
  {scope: 'composeDown', keys: ['y'], action: 'composeDown.run', help: 'yes, down', footer: true},
  // v and o are listed in the dialog with their state, so the footer keeps y and n in sight.
  {scope: 'composeDown', keys: ['v'], action: 'composeDown.toggleVolumes', help: '--volumes'},
  {scope: 'composeDown', keys: ['o'], action: 'composeDown.toggleOrphans', help: '--remove-orphans'},
];
