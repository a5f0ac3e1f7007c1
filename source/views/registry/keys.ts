import type {Binding} from '../types.js';

export const REGISTRY_BINDINGS: readonly Binding[] = [
  // Once a registry is configured: its repositories, a repository's tags.
  {
    scope: 'registryList',
    keys: ['enter', 'right', 'l'],
    action: 'registry.enter',
    help: "open (in a repository's tags, l is layers)",
    footer: 'open',
  },
  {
    scope: 'registryList',
    keys: ['escape', 'left', 'h'],
    action: 'registry.back',
    help: 'back / cancel listing',
    footer: true,
  },
  // In a repository's tags only, where there is a tag to pull and tags to sort (the footer offers them there).
  {
    scope: 'registryTags',
    keys: ['p'],
    action: 'registry.pull',
    help: 'pull tag into the engine',
    footer: true,
    changes: true,
  },
  // l opens a repository (as enter and → do) and, in its tags, shows a tag's layers (enter and → still open it).
  {
    scope: 'registryTags',
    keys: ['l'],
    action: 'registry.layers',
    help: 'layers of the tag, read from the registry (no pull)',
    footer: 'layers',
  },
  {scope: 'registryTags', keys: ['o'], action: 'registry.sort', help: 'sort tags: name / newest', footer: true},
  // Writes to the registry: each confirms its exact targets first.
  {
    scope: 'registryTags',
    keys: ['d'],
    action: 'registry.delete',
    help: 'delete the manifest by digest (every tag of it goes)',
    footer: 'delete',
    changes: true,
  },
  {scope: 'registryTags', keys: ['t'], action: 'registry.retag', help: 'tag the same manifest anew', changes: true},
  {
    scope: 'registryTags',
    keys: ['C'],
    action: 'registry.copyTo',
    help: 'copy the tag to another repository or registry',
    changes: true,
  },
  // Always: with no registry configured, the one key that helps (the footer offers it first then).
  {scope: 'registry', keys: ['+'], action: 'registry.add', help: 'add a registry', footer: 'add registry'},
  {scope: 'registry', keys: [']'], action: 'registry.next', help: 'next registry'},
];
