import type {KeyAction} from '../store/actions.js';
import {VIEWS} from '../store/state.js';

// Where a binding applies. The dispatcher asks the scopes that are active now, most specific first.
export type Scope = 'global' | 'move' | 'list' | 'containers' | 'logs' | 'registry' | 'confirm' | 'dialog' | 'env' | 'help' | 'prompt';

export type Binding = {
  scope: Scope;
  keys: readonly string[];
  action: KeyAction;
  help: string;
  // Shown in the footer (the help overlay shows every binding).
  footer?: boolean;
  // Changes something on the engine: hidden with --readonly.
  changes?: boolean;
};

// The one table of keys: the footer, the help overlay and the README's key list all come from it.
export const DEFAULT_KEYMAP: readonly Binding[] = [
  {scope: 'prompt', keys: ['enter'], action: 'overlay.submit', help: 'apply', footer: true},
  {scope: 'prompt', keys: ['escape'], action: 'overlay.close', help: 'cancel', footer: true},
  {scope: 'help', keys: ['escape', '?', 'q'], action: 'overlay.close', help: 'close help', footer: true},
  {scope: 'confirm', keys: ['y'], action: 'confirm.yes', help: 'yes, do it', footer: true},
  {scope: 'confirm', keys: ['f'], action: 'confirm.force', help: 'toggle force (remove)'},
  {scope: 'confirm', keys: ['n', 'escape'], action: 'confirm.no', help: 'cancel (any other key too)', footer: true},
  {scope: 'env', keys: ['m'], action: 'env.reveal', help: 'show/mask secret values', footer: true},
  {scope: 'dialog', keys: ['escape', 'left', 'q'], action: 'overlay.close', help: 'close', footer: true},

  {scope: 'logs', keys: ['escape', 'left'], action: 'logs.back', help: 'back to the list', footer: true},
  {scope: 'logs', keys: ['f', 'end', 'G'], action: 'logs.follow', help: 'follow', footer: true},
  {scope: 'logs', keys: ['0'], action: 'logs.window0', help: 'tail 200'},
  {scope: 'logs', keys: ['1'], action: 'logs.window1', help: 'since 1m'},
  {scope: 'logs', keys: ['2'], action: 'logs.window2', help: 'since 5m'},
  {scope: 'logs', keys: ['3'], action: 'logs.window3', help: 'since 15m'},
  {scope: 'logs', keys: ['4'], action: 'logs.window4', help: 'since 30m'},
  {scope: 'logs', keys: ['5'], action: 'logs.window5', help: 'since 1h'},
  {scope: 'logs', keys: ['6'], action: 'logs.window6', help: 'everything'},
  {scope: 'logs', keys: ['t'], action: 'logs.timestamps', help: 'timestamps', footer: true},
  {scope: 'logs', keys: ['w'], action: 'logs.wrap', help: 'wrap', footer: true},
  {scope: 'logs', keys: ['/'], action: 'logs.search', help: 'search', footer: true},
  {scope: 'logs', keys: ['n'], action: 'logs.next', help: 'next match'},
  {scope: 'logs', keys: ['N'], action: 'logs.previous', help: 'previous match'},
  {scope: 'logs', keys: ['ctrl-s'], action: 'logs.save', help: 'save to a file', footer: true},
  {scope: 'logs', keys: ['c'], action: 'logs.clear', help: 'clear'},
  {scope: 'logs', keys: ['F'], action: 'logs.fullscreen', help: 'full screen'},

  {scope: 'containers', keys: ['enter', 'l'], action: 'logs.open', help: 'logs', footer: true},
  {scope: 'containers', keys: ['e'], action: 'exec.shell', help: 'shell', footer: true},
  {scope: 'containers', keys: ['E'], action: 'exec.form', help: 'exec a command (form)'},
  {scope: 'containers', keys: ['s'], action: 'container.stop', help: 'stop', footer: true, changes: true},
  {scope: 'containers', keys: ['S'], action: 'container.start', help: 'start', changes: true},
  {scope: 'containers', keys: ['r'], action: 'container.restart', help: 'restart', changes: true},
  {scope: 'containers', keys: ['d'], action: 'container.remove', help: 'remove', footer: true, changes: true},
  {scope: 'containers', keys: ['v'], action: 'container.env', help: 'environment'},
  {scope: 'containers', keys: ['i'], action: 'container.inspect', help: 'inspect'},
  {scope: 'containers', keys: ['a'], action: 'containers.toggleAll', help: 'all / running only'},
  {scope: 'containers', keys: ['z'], action: 'containers.toggleSize', help: 'size column'},

  {scope: 'registry', keys: ['enter', 'right', 'l'], action: 'registry.enter', help: 'open', footer: true},
  {scope: 'registry', keys: ['escape', 'left', 'h'], action: 'registry.back', help: 'back / cancel listing', footer: true},
  {scope: 'registry', keys: ['p'], action: 'registry.pull', help: 'pull tag into the engine', footer: true, changes: true},
  {scope: 'registry', keys: ['o'], action: 'registry.sort', help: 'sort tags: name / newest', footer: true},
  {scope: 'registry', keys: ['+'], action: 'registry.add', help: 'add a registry'},
  {scope: 'registry', keys: [']'], action: 'registry.next', help: 'next registry'},

  {scope: 'move', keys: ['up', 'k'], action: 'cursor.up', help: 'up'},
  {scope: 'move', keys: ['down', 'j'], action: 'cursor.down', help: 'down'},
  {scope: 'move', keys: ['pageup', 'ctrl-u'], action: 'cursor.pageUp', help: 'page up'},
  {scope: 'move', keys: ['pagedown', 'ctrl-d'], action: 'cursor.pageDown', help: 'page down'},
  {scope: 'move', keys: ['home', 'g'], action: 'cursor.home', help: 'top'},
  {scope: 'move', keys: ['end', 'G'], action: 'cursor.end', help: 'bottom'},
  {scope: 'list', keys: ['space'], action: 'list.mark', help: 'mark'},
  {scope: 'list', keys: ['/'], action: 'filter.open', help: 'filter', footer: true},
  {scope: 'list', keys: ['escape', 'left'], action: 'overlay.close', help: 'clear filter/marks'},

  {scope: 'global', keys: ['1'], action: 'view.containers', help: 'containers'},
  {scope: 'global', keys: ['2'], action: 'view.images', help: 'images'},
  {scope: 'global', keys: ['3'], action: 'view.compose', help: 'compose'},
  {scope: 'global', keys: ['4'], action: 'view.registry', help: 'registry'},
  {scope: 'global', keys: ['5'], action: 'view.engine', help: 'engine'},
  {scope: 'global', keys: ['tab'], action: 'view.next', help: 'next view'},
  {scope: 'global', keys: ['shift-tab'], action: 'view.previous', help: 'previous view'},
  {scope: 'global', keys: [':'], action: 'command.open', help: 'command', footer: true},
  {scope: 'global', keys: ['ctrl-r'], action: 'refresh', help: 'refresh now'},
  {scope: 'global', keys: ['?'], action: 'help.toggle', help: 'help', footer: true},
  {scope: 'global', keys: ['q', 'ctrl-c'], action: 'app.quit', help: 'quit', footer: true},
];

export type Keymap = readonly Binding[];

// Keys of views that are not built yet do nothing, so help, footer and README leave them out.
export function availableBindings(keymap: Keymap): Binding[] {
  return keymap.filter(
    b =>
      !b.action.startsWith('view.') ||
      b.action === 'view.next' ||
      b.action === 'view.previous' ||
      VIEWS.some(v => v.available && `view.${v.id}` === b.action),
  );
}

// --readonly: every binding that changes something on the engine disappears, from the keys and the help alike.
export function readonlyKeymap(keymap: Keymap): Keymap {
  return keymap.filter(b => !b.changes);
}

export function resolveKey(keymap: Keymap, scopes: readonly Scope[], key: string): KeyAction | undefined {
  // ctrl-c always quits, whatever is open.
  if (key === 'ctrl-c') return 'app.quit';
  for (const scope of scopes) {
    const binding = keymap.find(b => b.scope === scope && b.keys.includes(key));
    if (binding) return binding.action;
  }
  return undefined;
}

export function footerBindings(keymap: Keymap, scopes: readonly Scope[]): Binding[] {
  const seen = new Set<string>();
  const result: Binding[] = [];
  for (const scope of scopes) {
    for (const binding of keymap) {
      if (binding.scope !== scope || !binding.footer || seen.has(binding.action)) continue;
      seen.add(binding.action);
      result.push(binding);
    }
  }
  return result;
}

const KEY_LABELS: Record<string, string> = {up: '↑', down: '↓', left: '←', right: '→', enter: 'enter', escape: 'esc', pageup: 'pgup', pagedown: 'pgdn'};
export const keyLabel = (key: string) => KEY_LABELS[key] ?? key;

// keys: {action: [key, …]} in the config replaces the default keys of that action everywhere it is bound.
export function applyKeyOverrides(keymap: Keymap, overrides: Record<string, string[]>): {keymap: Keymap; problems: string[]} {
  const problems: string[] = [];
  const known = new Set(keymap.map(b => b.action));
  for (const action of Object.keys(overrides)) {
    if (!known.has(action as KeyAction)) problems.push(`config keys.${action}: no such action (see ? for the names in the keymap)`);
  }
  return {keymap: keymap.map(b => (overrides[b.action] ? {...b, keys: overrides[b.action]} : b)), problems};
}
