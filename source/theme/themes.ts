import type {Role} from './roles.js';
import type {Style} from './style.js';

export const THEME_NAMES = ['dark', 'light', 'none'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

// Everything a component needs to draw: one style per role, the log prefix palette, and `plain` (no colour at
// all: log lines' own colours are dropped too).
export type Theme = {readonly [R in Role]: Style} & {
  readonly name: ThemeName;
  readonly plain: boolean;
  readonly logPrefix: readonly Style[];
};

const fg = (color: string): Style => ({color});

// The colours berth has always drawn, for terminals with a dark background (most of them).
const DARK: Theme = {
  name: 'dark',
  plain: false,
  selection: {inverse: true},
  marked: fg('magenta'),
  border: fg('cyan'),
  danger: fg('red'),
  title: {},
  header: {},
  alert: {backgroundColor: 'red', color: 'white'},
  tab: {},
  tabActive: {inverse: true},
  footerKey: fg('cyan'),
  statusInfo: {},
  statusError: fg('red'),
  error: fg('red'),
  warning: fg('yellow'),
  success: fg('green'),
  muted: {dimColor: true},
  columnHeader: {dimColor: true},
  fieldName: fg('cyan'),
  running: fg('green'),
  exited: fg('gray'),
  paused: fg('yellow'),
  unhealthy: fg('red'),
  logStderr: fg('yellow'),
  logError: fg('red'),
  logInfo: fg('cyan'),
  searchMatch: {backgroundColor: 'yellow', color: 'black'},
  logPrefix: [
    'cyan',
    'green',
    'yellow',
    'magenta',
    'blue',
    'redBright',
    'cyanBright',
    'greenBright',
    'yellowBright',
    'magentaBright',
  ].map(fg),
};

// On a white background yellow, cyan and the bright colours fade out: darker hues take their places, each an entry
// of the 256-colour palette (#rrggbb is sent as the nearest one, so these arrive exactly). Inverse video stays the
// selection: it is visible on any background.
const AMBER = '#875f00';
const GREEN = '#008700';
const TEAL = '#005f87';
const GREY = '#767676';
const LIGHT: Theme = {
  ...DARK,
  name: 'light',
  border: fg('blue'),
  footerKey: fg('blue'),
  warning: fg(AMBER),
  success: fg(GREEN),
  fieldName: fg('blue'),
  running: fg(GREEN),
  exited: fg(GREY),
  paused: fg(AMBER),
  logStderr: fg(AMBER),
  logInfo: fg(TEAL),
  logPrefix: ['blue', 'magenta', GREEN, 'red', AMBER, TEAL, '#5f00af', '#af5f00', '#5f5f00', GREY].map(fg),
};

// No colour at all (NO_COLOR): only attributes, so the cursor row, the tab on screen, search matches and alerts
// still stand out (inverse video), and errors are bold.
const NONE: Theme = {
  name: 'none',
  plain: true,
  selection: {inverse: true},
  marked: {},
  border: {},
  danger: {bold: true},
  title: {},
  header: {},
  alert: {inverse: true, bold: true},
  tab: {},
  tabActive: {inverse: true},
  footerKey: {},
  statusInfo: {},
  statusError: {bold: true},
  error: {bold: true},
  warning: {},
  success: {},
  muted: {dimColor: true},
  columnHeader: {dimColor: true},
  fieldName: {},
  running: {},
  exited: {},
  paused: {},
  unhealthy: {bold: true},
  logStderr: {},
  logError: {bold: true},
  logInfo: {},
  searchMatch: {inverse: true},
  logPrefix: [{}],
};

export const THEMES: Record<ThemeName, Theme> = {dark: DARK, light: LIGHT, none: NONE};
export const DEFAULT_THEME = DARK;

// The style of a log line's prefix: `hue` is the prefix's own number (`prefixHue`), the palette's length decides.
// Every theme has at least one (resolve.ts keeps the theme's own when an override is empty), so the modulo finds
// one; the plain style after ?? only satisfies the compiler.
export const prefixStyle = (theme: Theme, hue: number): Style => theme.logPrefix[hue % theme.logPrefix.length] ?? {};
