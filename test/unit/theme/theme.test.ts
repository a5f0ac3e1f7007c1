import {mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {describe, expect, test} from 'vitest';
import {loadConfig} from '../../../source/config.js';
import {dropColours} from '../../../source/text/drop-colours.js';
import {colourlessStdout} from '../../../source/ui/colourless-stdout.js';
import {PassThrough} from 'node:stream';
import {
  parseColour,
  prefixStyle,
  resolveTheme,
  ROLE_NAMES,
  ROLES,
  themeName,
  THEMES,
  type Role,
  type Style,
} from '../../../source/theme/index.js';
import {scratchDir} from '../../helpers/scratch.js';

const scratch = scratchDir('berth-theme-');
const write = (text: string) => {
  const file = join(mkdtempSync(join(scratch, 'config-')), 'config.yml');
  writeFileSync(file, text);
  return file;
};

const colours = (style: Style) => [style.color, style.backgroundColor].filter(Boolean);

describe('which theme', () => {
  test('--theme, then the config file, then NO_COLOR (set and not empty), then dark', () => {
    expect(themeName({env: {}})).toBe('dark');
    expect(themeName({env: {NO_COLOR: ''}})).toBe('dark');
    expect(themeName({env: {NO_COLOR: '1'}})).toBe('none');
    expect(themeName({env: {NO_COLOR: 'false'}})).toBe('none');
    expect(themeName({config: 'light', env: {NO_COLOR: '1'}})).toBe('light');
    expect(themeName({flag: 'dark', config: 'light', env: {NO_COLOR: '1'}})).toBe('dark');
    expect(themeName({flag: 'none', env: {}})).toBe('none');
  });
});

describe('the theme table', () => {
  test('every theme styles every role, with a log prefix palette', () => {
    for (const theme of Object.values(THEMES)) {
      for (const role of ROLE_NAMES) expect(theme[role], `${theme.name}.${role}`).toBeDefined();
      expect(theme.logPrefix.length).toBeGreaterThan(0);
    }
  });

  test('none: no colour in any role, and the cursor row, the tab on screen, matches and alerts in inverse video', () => {
    const none = THEMES.none;
    expect(none.plain).toBe(true);
    expect(ROLE_NAMES.flatMap(role => colours(none[role]))).toEqual([]);
    expect(none.logPrefix.flatMap(colours)).toEqual([]);
    for (const role of ['selection', 'tabActive', 'searchMatch', 'alert'] as const)
      expect(none[role].inverse).toBe(true);
  });

  test('light: no text in yellow, white, cyan or the faint bright colours, which fade on a white background', () => {
    const fading = /^(yellow|white|cyan|gray|grey|\w+Bright)$/;
    const light = THEMES.light;
    for (const role of ROLE_NAMES) {
      const {color} = light[role];
      if (color && !light[role].backgroundColor) expect(color, `light.${role}`).not.toMatch(fading);
    }
    for (const style of light.logPrefix) expect(style.color).not.toMatch(fading);
    expect(light.selection.inverse || light.selection.backgroundColor).toBeTruthy();
  });

  test('a log prefix keeps its colour: the palette picks by hue, whatever its length', () => {
    expect(prefixStyle(THEMES.dark, 12)).toEqual(THEMES.dark.logPrefix[2]);
    expect(prefixStyle(THEMES.none, 12)).toEqual({});
  });
});

describe('colours from the config file', () => {
  test('names, #rrggbb, 0-255 and default are colours; nothing else is', () => {
    expect(parseColour('blueBright')).toBe('blueBright');
    expect(parseColour('#264F78')).toBe('#264f78');
    expect(parseColour(24)).toBe('ansi256(24)');
    expect(parseColour('24')).toBe('ansi256(24)');
    expect(parseColour('default')).toBeNull();
    for (const bad of ['blu', '#12345', 256, -1, 1.5, '', true, null, {}, 'rgb(1,2,3)'])
      expect(parseColour(bad), JSON.stringify(bad)).toBeUndefined();
  });

  test('a text role takes the colour; a background role takes it behind the text instead of inverse video', () => {
    const theme = resolveTheme({
      env: {},
      colours: {roles: {border: '#888888', selection: 'ansi256(24)', footerKey: null}, logPrefix: ['red', 'blue']},
    });
    expect(theme.border).toEqual({color: '#888888'});
    expect(theme.selection).toEqual({inverse: false, backgroundColor: 'ansi256(24)'});
    expect(theme.footerKey).toEqual({});
    expect(theme.logPrefix).toEqual([{color: 'red'}, {color: 'blue'}]);
    expect(theme.marked).toBe(THEMES.dark.marked);
    // default on a background role keeps the role visible without colour.
    expect(resolveTheme({env: {}, colours: {roles: {searchMatch: null}}}).searchMatch).toEqual({inverse: true});
  });

  test('none takes no colour, not even the config file’s', () => {
    const theme = resolveTheme({env: {NO_COLOR: '1'}, colours: {roles: {border: 'red'}, logPrefix: ['red']}});
    expect(theme).toBe(THEMES.none);
  });

  test('theme: and colors: in the file; each mistake is one line naming the key, the reason and the fix', async () => {
    const good = await loadConfig(
      write('theme: light\ncolors:\n  selection: "#264f78"\n  tab-active: 4\n  logPrefix: [cyan, 13]\n'),
      {},
    );
    expect(good.problems).toEqual([]);
    expect(good.config.theme).toBe('light');
    expect(good.config.colors).toEqual({
      roles: {selection: '#264f78', tabActive: 'ansi256(4)'},
      logPrefix: ['cyan', 'ansi256(13)'],
    });
    expect((await loadConfig(write('theme: {noColor: true}\n'), {})).config.theme).toBe('none');

    const file = write('theme: solarized\ncolors:\n  selection: blu\n  bordr: red\n  logPrefix: [red, nope]\n  x: 1\n');
    const bad = await loadConfig(file, {});
    expect(bad.config.theme).toBeUndefined();
    expect(bad.config.colors).toEqual({roles: {}});
    expect(bad.problems).toEqual([
      `config ${file}: theme must be dark, light, none (not "solarized"); using the default`,
      `config ${file}: colors.selection "blu" is not a colour: use a name such as red or blueBright, #rrggbb, a number 0-255 (the 256-colour palette) or default; using the default`,
      `config ${file}: colors.bordr is not a role (did you mean border?); using the default`,
      `config ${file}: colors.logPrefix must be a list of colours ("nope" is not one: use a name such as red or blueBright, #rrggbb, a number 0-255 (the 256-colour palette) or default); using the default`,
      `config ${file}: colors.x is not a role (roles: ${[...ROLE_NAMES, 'logPrefix'].join(', ')}); using the default`,
    ]);
    for (const problem of bad.problems) expect(problem).not.toContain('\n');
    expect((await loadConfig(write('colors: red\n'), {})).problems[0]).toMatch(/colors must map roles to colours/);
  });
});

describe('dropping colours from untrusted text (theme none)', () => {
  test('colour parameters go, other attributes and the text stay', () => {
    expect(dropColours('plain')).toBe('plain');
    expect(dropColours('\x1b[31mred\x1b[0m')).toBe('red\x1b[0m');
    expect(dropColours('\x1b[1;31;44mx\x1b[m')).toBe('\x1b[1mx\x1b[m');
    expect(dropColours('\x1b[38;5;196;1mx')).toBe('\x1b[1mx');
    expect(dropColours('\x1b[48;2;1;2;3;4mx')).toBe('\x1b[4mx');
    expect(dropColours('\x1b[38:5:196mx\x1b[58:2::1:2:3;7my')).toBe('x\x1b[7my');
    expect(dropColours('\x1b[92m\x1b[105m\x1b[39;49mx')).toBe('x');
    // The sanitiser's own dim marker is an attribute: kept.
    expect(dropColours('\x1b[2m‹U+202E›\x1b[22m')).toBe('\x1b[2m‹U+202E›\x1b[22m');
  });
});

describe('the colourless stdout Ink writes to under none', () => {
  test('frames lose their colours; the rest of the stream (size, resize events) is the real one', () => {
    const real = Object.assign(new PassThrough(), {
      columns: 80,
      rows: 24,
      isTTY: true,
    }) as unknown as NodeJS.WriteStream;
    const chunks: string[] = [];
    (real as unknown as PassThrough).on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const stdout = colourlessStdout(real);
    stdout.write('\x1b[2K\x1b[31;7mred\x1b[39;27m\x1b[1A');
    expect(chunks.join('')).toBe('\x1b[2K\x1b[7mred\x1b[27m\x1b[1A');
    expect(stdout.columns).toBe(80);
    let resized = 0;
    const onResize = () => resized++;
    stdout.on('resize', onResize);
    real.emit('resize');
    stdout.off('resize', onResize);
    real.emit('resize');
    expect(resized).toBe(1);
  });
});

// The guard: every colour goes through the theme table. A colour written into a component (a color= prop, a
// colour name, chalk, an SGR colour escape) would bypass --theme, the config file's colors and NO_COLOR.
describe('no colour outside the theme', () => {
  const root = join(import.meta.dirname, '../../../source');
  const files: string[] = [];
  (function walk(dir: string) {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) files.push(path);
    }
  })(root);
  // source/theme/ is the table; packages/flex is the layout engine (no drawing).
  const scanned = files.filter(file => !/^(theme|ui\/flex)\//.test(relative(root, file)));
  const BYPASS: {pattern: RegExp; what: string}[] = [
    {pattern: /\b(?:color|backgroundColor|borderColor)=\{?\s*['"`]/, what: 'a colour prop with a literal colour'},
    {pattern: /\b(?:color|backgroundColor|borderColor)=\{[^}]*\?\s*['"`]/, what: 'a colour prop choosing literals'},
    {pattern: /\bdimColor\b/, what: 'dimColor (the theme’s muted role)'},
    {
      pattern: /['"`](?:black|red|green|yellow|blue|magenta|cyan|white|gray|grey)(?:Bright)?['"`]/,
      what: 'a colour name',
    },
    {pattern: /from\s+['"]chalk['"]/, what: 'chalk'},
    {pattern: /\\(?:x1b|u001b|e|033)\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]/, what: 'an SGR colour escape'},
  ];

  test('source/ has no colour that bypasses source/theme/', () => {
    expect(scanned.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of scanned) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(?:\/\/|\*)/.test(line)) return;
          for (const {pattern, what} of BYPASS)
            if (pattern.test(line)) found.push(`${relative(root, file)}:${i + 1}: ${what}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  test('the guard finds what it looks for', () => {
    const hits = (line: string) => BYPASS.filter(({pattern}) => pattern.test(line)).length;
    expect(hits('<Text color="red">')).toBeGreaterThan(0);
    expect(hits("<Text color={bad ? 'red' : undefined}>")).toBeGreaterThan(0);
    expect(hits('<Text dimColor>')).toBe(1);
    expect(hits("const c = 'yellowBright';")).toBe(1);
    expect(hits("write('\\x1b[31m')")).toBe(1);
    expect(hits('<Text {...theme.warning}>')).toBe(0);
    expect(hits("write('\\x1b[?25h')")).toBe(0);
  });

  test("docs/config.md's role table is the role list, in the same words", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../docs/config.md'), 'utf8');
    const section = readme.slice(readme.indexOf('| role | what it colours |'));
    const table = section.slice(0, section.indexOf('\n\n'));
    const listed = [...table.matchAll(/^\| `(\w+)` \| ([^|]+?)(?: \(background\))? \|/gm)].map(m => [m[1], m[2]]);
    expect(listed.map(([role]) => role)).toEqual([...ROLE_NAMES, 'logPrefix']);
    for (const [role, what] of listed) if (role !== 'logPrefix') expect(what).toBe(ROLES[role as Role].what);
  });
});
