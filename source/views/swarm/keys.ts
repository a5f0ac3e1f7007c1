import type {Binding} from '../types.js';

// View 6's keys: the lists (all of them), then each list's own. Scopes: swarm, swarmServices, swarmTasks,
// swarmNodes, swarmSecrets (the view's `scopes` says which apply now).
export const SWARM_BINDINGS: readonly Binding[] = [
  {scope: 'swarmServices', keys: ['enter'], action: 'swarm.enter', help: 'tasks (newest first)', footer: true},
  {scope: 'swarmServices', keys: ['l'], action: 'swarm.logs', help: 'logs (all tasks, all nodes)', footer: true},
  {scope: 'swarmServices', keys: ['+'], action: 'swarm.scaleUp', help: 'scale +1', footer: true, changes: true},
  {scope: 'swarmServices', keys: ['-'], action: 'swarm.scaleDown', help: 'scale -1', footer: true, changes: true},
  {scope: 'swarmServices', keys: ['r'], action: 'swarm.redeploy', help: 'redeploy: a rolling restart of every task (confirm)', changes: true},
  {scope: 'swarmServices', keys: ['d'], action: 'swarm.remove', help: 'remove the service (confirm, lists its tasks)', changes: true},
  {scope: 'swarmTasks', keys: ['l'], action: 'swarm.logs', help: 'task logs', footer: true},
  {scope: 'swarmTasks', keys: ['escape', 'left'], action: 'swarm.back', help: 'back', footer: true},
  {scope: 'swarmTasks', keys: ['+'], action: 'swarm.scaleUp', help: 'scale +1', footer: true, changes: true},
  {scope: 'swarmTasks', keys: ['-'], action: 'swarm.scaleDown', help: 'scale -1', footer: true, changes: true},
  {scope: 'swarmTasks', keys: ['r'], action: 'swarm.redeploy', help: 'redeploy the service (confirm)', changes: true},
  {scope: 'swarmNodes', keys: ['A'], action: 'swarm.nodeActive', help: 'active (confirm)', footer: true, changes: true},
  {scope: 'swarmNodes', keys: ['P'], action: 'swarm.nodePause', help: 'pause (confirm)', footer: true, changes: true},
  {scope: 'swarmNodes', keys: ['D'], action: 'swarm.nodeDrain', help: 'drain (confirm)', footer: true, changes: true},
  {scope: 'swarmSecrets', keys: ['c'], action: 'swarm.createSecret', help: 'create (value typed masked)', footer: true, changes: true},
  {scope: 'swarmSecrets', keys: ['d'], action: 'swarm.remove', help: 'remove (confirm)', footer: true, changes: true},
  {scope: 'swarm', keys: ['s'], action: 'swarm.showServices', help: 'services', footer: true},
  {scope: 'swarm', keys: ['n'], action: 'swarm.showNodes', help: 'nodes', footer: true},
  {scope: 'swarm', keys: ['x'], action: 'swarm.showSecrets', help: 'secrets', footer: true},
  {scope: 'swarm', keys: [']'], action: 'swarm.nextList', help: 'next list (services, nodes, secrets)'},
  {scope: 'swarm', keys: ['['], action: 'swarm.previousList', help: 'previous list'},
];
