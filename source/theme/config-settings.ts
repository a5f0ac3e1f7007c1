import {COLOUR_FORMS, parseColour} from './colours.js';
import type {ColourOverrides} from './resolve.js';
import {ROLE_NAMES, LOG_PREFIX_ROLE, type Role} from './roles.js';
import {THEME_NAMES, type ThemeName} from './themes.js';

type Bad = (key: string, why: string) => void;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// `theme: light`. The mapping `theme: {noColor: true}` of earlier versions still means none.
export function parseThemeSetting(value: unknown, bad: Bad): ThemeName | undefined {
  if (typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value)) return value as ThemeName;
  if (isObject(value) && Object.keys(value).length === 1 && typeof value.noColor === 'boolean')
    return value.noColor ? 'none' : undefined;
  bad('theme', `must be ${THEME_NAMES.join(', ')} (not ${describe(value)})`);
  return undefined;
}

// Role names are written as in the README (tabActive); tab-active and tab_active are taken too.
const roleName = (key: string) => key.replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());

// `colors: {selection: '#264f78', marked: 13, logPrefix: [cyan, green]}`: each bad entry is reported alone and
// its role keeps the theme's colour.
export function parseColourSettings(value: unknown, key: string, bad: Bad): ColourOverrides {
  const overrides: ColourOverrides & {roles: Record<string, string | null>} = {roles: {}};
  if (!isObject(value)) {
    bad(key, `must map roles to colours, e.g. {selection: blue, border: '#888888'}`);
    return overrides;
  }
  for (const [name, colour] of Object.entries(value)) {
    const role = roleName(name);
    if (role === LOG_PREFIX_ROLE) {
      const list: unknown[] = Array.isArray(colour) ? colour : [colour];
      const parsed = list.map(parseColour);
      const wrong = parsed.findIndex(one => typeof one !== 'string');
      if (!list.length) bad(`${key}.${name}`, 'must be a list of colours, e.g. [cyan, green, magenta]');
      else if (wrong !== -1)
        bad(`${key}.${name}`, `must be a list of colours (${describe(list[wrong])} is not one: use ${COLOUR_FORMS})`);
      else overrides.logPrefix = parsed as string[];
    } else if (!(ROLE_NAMES as string[]).includes(role)) {
      const near = closest(role, [...ROLE_NAMES, LOG_PREFIX_ROLE]);
      bad(
        `${key}.${name}`,
        near
          ? `is not a role (did you mean ${near}?)`
          : `is not a role (roles: ${[...ROLE_NAMES, LOG_PREFIX_ROLE].join(', ')})`,
      );
    } else {
      const parsed = parseColour(colour);
      if (parsed === undefined) bad(`${key}.${name}`, `${describe(colour)} is not a colour: use ${COLOUR_FORMS}`);
      else overrides.roles[role as Role] = parsed;
    }
  }
  return overrides;
}

const describe = (value: unknown) =>
  value === undefined
    ? 'nothing'
    : typeof value === 'string'
      ? `"${value.slice(0, 40)}"`
      : (JSON.stringify(value)?.slice(0, 40) ?? typeof value);

// The role a misspelt name most likely meant: at most two edits away, case aside.
function closest(name: string, names: readonly string[]): string | undefined {
  // Levenshtein, one row of the table at a time: row[j] is the distance from a's first i characters to b's
  // first j, computed from the row above it (`above`, and `diagonal` the one before it) and the cell to its left.
  const distance = (a: string, b: string) => {
    let previous = Array.from({length: b.length + 1}, (_, j) => j);
    let last = b.length;
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      let diagonal = i - 1;
      let left = i;
      for (const [j, above] of previous.slice(1).entries()) {
        left = Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j] ? 0 : 1));
        diagonal = above;
        row.push(left);
      }
      previous = row;
      last = left;
    }
    return last;
  };
  let best: {name: string; edits: number} | undefined;
  for (const candidate of names) {
    const edits = distance(name.toLowerCase(), candidate.toLowerCase());
    if (edits <= 2 && (!best || edits < best.edits)) best = {name: candidate, edits};
  }
  return best?.name;
}
