import type {KeyAction} from '../store/actions.js';
import {VIEWS} from '../store/state.js';

// Where a binding applies. The dispatcher asks the scopes that are active now, most specific first.
export type Scope = 'global' | 'list' | 'containers' | 'help' | 'prompt';

export type Binding = {
  scope: Scope;
  keys: readonly string[];
  action: KeyAction;
  help: string;
  // Shown in the footer (the help overlay shows every binding).
  footer?: boolean;
};

// The one table of keys: the footer, the help overlay and the README's key list all come from it.
export const DEFAULT_KEYMAP: readonly Binding[] = [
  {scope: 'prompt', keys: ['enter'], action: 'overlay.submit', help: 'apply', footer: true},
  {scope: 'prompt', keys: ['escape'], action: 'overlay.close', help: 'cancel', footer: true},
  {scope: 'help', keys: ['escape', '?', 'q'], action: 'overlay.close', help: 'close help', footer: true},

  {scope: 'list', keys: ['up', 'k'], action: 'cursor.up', help: 'up'},
  {scope: 'list', keys: ['down', 'j'], action: 'cursor.down', help: 'down', footer: true},
  {scope: 'list', keys: ['pageup', 'ctrl-u'], action: 'cursor.pageUp', help: 'page up'},
  {scope: 'list', keys: ['pagedown', 'ctrl-d'], action: 'cursor.pageDown', help: 'page down'},
  {scope: 'list', keys: ['home', 'g'], action: 'cursor.home', help: 'first row'},
  {scope: 'list', keys: ['end', 'G'], action: 'cursor.end', help: 'last row'},
  {scope: 'list', keys: ['space'], action: 'list.mark', help: 'mark', footer: true},
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
  return keymap.filter(b => !b.action.startsWith('view.') || b.action === 'view.next' || b.action === 'view.previous' ||
    VIEWS.some(v => v.available && `view.${v.id}` === b.action));
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
