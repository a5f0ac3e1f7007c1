import type {KeyAction} from '../store/actions.js';
import type {Binding, Scope} from '../views/types.js';
import {DEFAULT_VIEWS, type ViewSet} from './view-set.js';

export type {Binding, Scope};
export type Keymap = readonly Binding[];

// The shell's keys; each view brings its own (ViewModule.bindings), and together they are the one table the
// footer, the help overlay, the README's key list and config overrides use.
const SHELL_DIALOG_BINDINGS: readonly Binding[] = [
  // Forms (E, c): the dispatcher moves and flips these itself (the other keys type into the field); here for
  // the footer and help.
  {scope: 'form', keys: ['tab', 'down'], action: 'form.next', help: 'next field', footer: true},
  {scope: 'form', keys: ['shift-tab', 'up'], action: 'form.previous', help: 'previous field'},
  {scope: 'form', keys: ['space'], action: 'form.toggle', help: 'switch on/off', footer: true},
  {scope: 'prompt', keys: ['enter'], action: 'overlay.submit', help: 'apply', footer: true},
  {scope: 'prompt', keys: ['escape'], action: 'overlay.close', help: 'cancel', footer: true},
  // ? closes help too (the 'overlay' scope's help.toggle), and comes back to what help was opened over.
  {scope: 'help', keys: ['escape'], action: 'overlay.close', help: 'close (a filter is cleared first)', footer: true},
  {scope: 'help', keys: ['/'], action: 'help.filter', help: 'filter', footer: true},
  {scope: 'confirm', keys: ['y'], action: 'confirm.yes', help: 'yes, do it', footer: true},
  {scope: 'confirmForce', keys: ['f'], action: 'confirm.force', help: 'toggle force'},
  {scope: 'confirm', keys: ['n', 'escape'], action: 'confirm.no', help: 'cancel', footer: true},
  {scope: 'question', keys: ['n', 'escape'], action: 'overlay.close', help: 'cancel', footer: true},
  {scope: 'dialog', keys: ['escape', 'left'], action: 'overlay.close', help: 'close', footer: true},
  // Every overlay that takes no typing ends with these, so `:`, `q` and `?` mean what they mean over a list:
  // the command line (in place of the overlay), quit, help (esc in help comes back to the overlay).
  {scope: 'overlay', keys: [':'], action: 'command.open', help: 'command', footer: true},
  {scope: 'overlay', keys: ['q'], action: 'app.quit', help: 'quit', footer: true},
  {scope: 'overlay', keys: ['?'], action: 'help.toggle', help: 'help', footer: true},
];

const SHELL_LIST_BINDINGS: readonly Binding[] = [
  {scope: 'move', keys: ['up', 'k'], action: 'cursor.up', help: 'up'},
  {scope: 'move', keys: ['down', 'j'], action: 'cursor.down', help: 'down'},
  {scope: 'move', keys: ['pageup', 'ctrl-u'], action: 'cursor.pageUp', help: 'page up'},
  {scope: 'move', keys: ['pagedown', 'ctrl-d'], action: 'cursor.pageDown', help: 'page down'},
  {scope: 'move', keys: ['home', 'g'], action: 'cursor.home', help: 'top'},
  {scope: 'move', keys: ['end', 'G'], action: 'cursor.end', help: 'bottom'},
  {scope: 'list', keys: ['space'], action: 'list.mark', help: 'mark'},
  {scope: 'list', keys: ['/'], action: 'filter.open', help: 'filter', footer: true},
  {scope: 'list', keys: ['escape', 'left'], action: 'overlay.close', help: 'clear filter/marks'},
];

const SHELL_GLOBAL_BINDINGS: readonly Binding[] = [
  {scope: 'global', keys: ['tab'], action: 'view.next', help: 'next view'},
  {scope: 'global', keys: ['shift-tab'], action: 'view.previous', help: 'previous view'},
  {scope: 'global', keys: [':'], action: 'command.open', help: 'command', footer: true},
  {scope: 'global', keys: ['ctrl-r'], action: 'refresh', help: 'refresh now'},
  {scope: 'global', keys: ['?'], action: 'help.toggle', help: 'help', footer: true},
  {scope: 'global', keys: ['q', 'ctrl-c'], action: 'app.quit', help: 'quit', footer: true},
];

// The actions every footer ends with, in this order, wherever their keys work.
export const FOOTER_TAIL: readonly string[] = ['command.open', 'app.quit', 'help.toggle'];

// Help sections of the shell's scopes; views add theirs (ViewModule.scopeTitles) between list and confirm.
const SHELL_TITLES_BEFORE: Record<Scope, string> = {
  global: 'Global',
  tabs: 'Views (not while the log pane has the focus, nor in view 9: there 0–6 pick the window)',
  move: 'Moving (lists, panes, dialogs)',
  list: 'Lists',
};
const SHELL_TITLES_AFTER: Record<Scope, string> = {
  form: 'Forms (E exec, c create)',
  confirm: 'Confirmation dialogs',
  confirmForce: 'Confirmation dialogs with a force switch (remove)',
  question: 'Other questions (compose down, prune)',
  dialog: 'Panes over a view (environment, stats, output, contexts)',
  overlay: 'Every dialog and pane (not while typing in a form or prompt)',
  help: 'Help',
  prompt: 'Filter, search and command line',
};

// Tab keys come from the views' own numbers, so a view added to the registry gets its key with it.
export function buildKeymap(views: ViewSet): Keymap {
  const tabs: Binding[] = views.views
    .filter(view => view.key)
    .map(view => ({
      scope: 'tabs',
      keys: [view.key!],
      action: `view.${view.id}` as KeyAction,
      help: view.title.toLowerCase(),
    }));
  // A view's own keys first, then what panes add to its scope (help lists them in this order).
  const modules = [...views.views, ...views.panes];
  return [
    ...SHELL_DIALOG_BINDINGS,
    ...modules.flatMap(module => module.bindings ?? []),
    ...SHELL_LIST_BINDINGS,
    ...tabs,
    ...SHELL_GLOBAL_BINDINGS,
  ];
}

export const DEFAULT_KEYMAP: Keymap = buildKeymap(DEFAULT_VIEWS);

export function scopeTitles(views: ViewSet): Record<Scope, string> {
  return {
    ...SHELL_TITLES_BEFORE,
    ...Object.fromEntries(views.all.flatMap(module => Object.entries(module.scopeTitles ?? {}))),
    ...SHELL_TITLES_AFTER,
  };
}

// --readonly: every binding that changes something on the engine disappears, from the keys and the help alike.
export function readonlyKeymap(keymap: Keymap): Keymap {
  return keymap.filter(b => !b.changes);
}

// Each keymap's first binding for a scope and key, made on first use: the tab line asks for every view's key on
// every frame (~300 bindings searched nine times over, ~2 ms of a start's first frames); keymaps are never changed
// once made (overrides and --readonly make new ones).
const bindingIndexes = new WeakMap<Keymap, Map<string, Binding>>();

function bindingIndex(keymap: Keymap): Map<string, Binding> {
  let index = bindingIndexes.get(keymap);
  if (!index) {
    index = new Map();
    for (const binding of keymap)
      for (const key of binding.keys) {
        const at = `${binding.scope} ${key}`;
        if (!index.has(at)) index.set(at, binding);
      }
    bindingIndexes.set(keymap, index);
  }
  return index;
}

// The binding a key has in the first of the scopes that binds it.
export function findBinding(keymap: Keymap, scopes: readonly Scope[], key: string): Binding | undefined {
  const index = bindingIndex(keymap);
  for (const scope of scopes) {
    const binding = index.get(`${scope} ${key}`);
    if (binding) return binding;
  }
  return undefined;
}

export function resolveKey(keymap: Keymap, scopes: readonly Scope[], key: string): KeyAction | undefined {
  // ctrl-c quits, whatever is open, unless the most specific scope takes it (a running compose command's pane
  // interrupts compose, as ctrl-c in a terminal would).
  if (key === 'ctrl-c') {
    const first = scopes[0];
    return (
      (first !== undefined && first !== 'global' ? findBinding(keymap, [first], key)?.action : undefined) ?? 'app.quit'
    );
  }
  return findBinding(keymap, scopes, key)?.action;
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

export {keyLabel} from '../text/key-label.js';

// What the footer says of a binding: its short wording when it has one.
export const footerHelp = (binding: Binding) => (typeof binding.footer === 'string' ? binding.footer : binding.help);

// keys: {action: [key, …]} in the config replaces the default keys of that action everywhere it is bound.
export function applyKeyOverrides(
  keymap: Keymap,
  overrides: Record<string, string[]>,
): {keymap: Keymap; problems: string[]} {
  const problems: string[] = [];
  const known = new Set<string>(keymap.map(b => b.action));
  for (const action of Object.keys(overrides)) {
    if (!known.has(action)) problems.push(`config keys.${action}: no such action (see ? for the names in the keymap)`);
  }
  return {
    keymap: keymap.map(b => {
      const keys = overrides[b.action];
      return keys ? {...b, keys} : b;
    }),
    problems,
  };
}
