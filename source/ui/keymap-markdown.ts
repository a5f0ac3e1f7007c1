import {type Keymap, keyLabel, scopeTitles} from './keymap.js';
import type {ViewSet} from './view-set.js';

// docs/keys.md, generated from the keymap (test/unit/ui/keys-doc.test.ts keeps the file in step; `npm run
// docs:keys` writes it). Each table is one scope; the action column is the name `keys:` in the config remaps.
const PREAMBLE = `# Keys

Every key berth answers, by where it applies. \`?\` in berth shows the keys of where you are first, then all the
others; the footer shows the ones that matter most there.

To change a key, name its **action** under \`keys:\` in the config file (see [config.md](config.md)): the keys you give
replace the default ones for that action, in every place it applies.

\`\`\`yaml
keys:
  cursor.down: [j, down]
  logs.open: [enter, l]
\`\`\`

A key marked *changes* does something to the engine or a registry; \`--readonly\` hides it. This page is generated
from the keymap itself (\`npm run docs:keys\`), so it lists exactly what berth binds.`;

export function keymapMarkdown(keymap: Keymap, views: ViewSet): string {
  const out: string[] = [PREAMBLE, ''];
  for (const [scope, title] of Object.entries(scopeTitles(views))) {
    const bindings = keymap.filter(b => b.scope === scope);
    if (!bindings.length) continue;
    out.push(`## ${title}`, '', `Scope \`${scope}\`.`, '', '| keys | what it does | action |', '|---|---|---|');
    for (const b of bindings)
      out.push(
        `| ${b.keys.map(k => `\`${keyLabel(k)}\``).join(' ')} | ${b.help}${b.changes ? ' *(changes)*' : ''} | \`${b.action}\` |`,
      );
    out.push('');
  }
  return `${out.join('\n').trim()}\n`;
}
