import {compileMatcher} from '../text/match.js';
import {keyLabel, scopeTitles, type Keymap} from './keymap.js';
import type {ViewSet} from './view-set.js';

export type HelpLine = {text: string; title?: boolean};

// Every binding, grouped by where it applies: the scopes active when help opened first (the current view and
// focus), then the rest. A filter keeps the bindings whose keys or words match, under their section titles.
export function helpLines(keymap: Keymap, views: ViewSet, first: readonly string[], query: string): HelpLine[] {
  const titles = scopeTitles(views);
  // The scopes that have a section title, the active ones first.
  const sections = [...new Set([...first, ...Object.keys(titles)])].flatMap(scope => {
    const title = titles[scope];
    return title === undefined ? [] : [{scope, title}];
  });
  let match: (text: string) => boolean = () => true;
  if (query) {
    try {
      match = compileMatcher(query);
    } catch {
      const needle = query.toLowerCase();
      match = text => text.toLowerCase().includes(needle);
    }
  }
  const lines: HelpLine[] = [];
  for (const {scope, title} of sections) {
    const rows = keymap
      .filter(b => b.scope === scope)
      .map(b => `  ${b.keys.map(keyLabel).join(' ').padEnd(18)} ${b.help}`)
      .filter(text => match(text) || match(title));
    if (!rows.length) continue;
    lines.push({text: title, title: true}, ...rows.map(text => ({text})));
  }
  return lines;
}
