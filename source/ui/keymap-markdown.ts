import {type Keymap, type Scope, availableBindings, keyLabel} from './keymap.js';

export const SCOPE_TITLES: Record<Scope, string> = {
  global: 'Global',
  move: 'Moving (lists, panes, dialogs)',
  list: 'Lists',
  containers: 'Containers',
  logs: 'Log pane (enter or l on a container)',
  registry: 'Registry',
  confirm: 'Confirmation dialogs',
  env: 'Environment (v)',
  dialog: 'Dialogs',
  help: 'Help',
  prompt: 'Filter, search and command line',
};

// The README's key table, generated from the keymap (a test keeps the README in step).
export function keymapMarkdown(keymap: Keymap): string {
  const out: string[] = [];
  for (const scope of Object.keys(SCOPE_TITLES) as Scope[]) {
    const bindings = availableBindings(keymap).filter(b => b.scope === scope);
    if (!bindings.length) continue;
    out.push(`**${SCOPE_TITLES[scope]}**`, '', '| keys | action |', '|---|---|');
    for (const b of bindings) out.push(`| ${b.keys.map(k => `\`${keyLabel(k)}\``).join(' ')} | ${b.help} |`);
    out.push('');
  }
  return out.join('\n').trim();
}
