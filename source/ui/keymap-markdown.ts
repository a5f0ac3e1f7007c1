import {type Keymap, keyLabel, scopeTitles} from './keymap.js';
import type {ViewSet} from './view-set.js';

// The README's key table, generated from the keymap (a test keeps the README in step).
export function keymapMarkdown(keymap: Keymap, views: ViewSet): string {
  const out: string[] = [];
  for (const [scope, title] of Object.entries(scopeTitles(views))) {
    const bindings = keymap.filter(b => b.scope === scope);
    if (!bindings.length) continue;
    out.push(`**${title}**`, '', '| keys | action |', '|---|---|');
    for (const b of bindings) out.push(`| ${b.keys.map(k => `\`${keyLabel(k)}\``).join(' ')} | ${b.help} |`);
    out.push('');
  }
  return out.join('\n').trim();
}
