import type {Binding} from '../types.js';

export const IMAGE_BINDINGS: readonly Binding[] = [
  {scope: 'images', keys: ['enter'], action: 'images.history', help: 'history (docker history)', footer: 'history'},
  {
    scope: 'images',
    keys: ['d'],
    action: 'images.remove',
    help: 'remove marked/selected images',
    footer: 'remove',
    changes: true,
  },
  {
    scope: 'images',
    keys: ['p'],
    action: 'images.prune',
    help: 'prune images (preview; a: dangling / all unused)',
    footer: 'prune',
    changes: true,
  },
  {
    scope: 'images',
    keys: ['r'],
    action: 'images.run',
    help: 'run interactive (a terminal, then back)',
    footer: 'run',
    changes: true,
  },
  {
    scope: 'images',
    keys: ['c'],
    action: 'images.create',
    help: 'create a container (not started)',
    footer: 'create',
    changes: true,
  },
  {scope: 'images', keys: ['w'], action: 'images.save', help: 'save marked/selected to a tar file', footer: 'save'},
  {
    scope: 'images',
    keys: ['l'],
    action: 'images.layers',
    help: "layers: each one's files, the merged tree, the waste",
    footer: 'layers',
  },
  {scope: 'images', keys: ['L'], action: 'images.load', help: 'load images from a tar file', changes: true},
  {scope: 'images', keys: ['a'], action: 'images.toggleAll', help: 'all images (intermediate too)'},
  {scope: 'images', keys: ['D'], action: 'images.toggleDangling', help: 'dangling only'},
  // The options (a, v) are listed in the dialog with their state, so the footer keeps y and n in sight.
  {scope: 'imagePrune', keys: ['y'], action: 'imagePrune.run', help: 'yes, prune these', footer: true},
  {
    scope: 'imagePrune',
    keys: ['a'],
    action: 'imagePrune.toggleAll',
    help: 'toggle: dangling / all unused',
  },
  {
    scope: 'imagePrune',
    keys: ['v'],
    action: 'imagePrune.toggleVolumes',
    help: 'toggle: unused volumes too (system prune)',
  },
];
