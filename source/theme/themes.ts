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

// On a white background yellow, cyan and the bright colours fade out: darker hues take their places (#rrggbb,
// which 256-colour terminals get as the nearest palette entry). Inverse video stays the selection: it is
// visible on any background.
const AMBER = '#9a6700';
const TEAL = '#0a6f80';
const LIGHT: Theme = {
  ...DARK,
  name: 'light',
  marked: fg('magenta'),
  border: fg('blue'),
  footerKey: fg('blue'),
  warning: fg(AMBER),
  success: fg('#1a7f37'),
  fieldName: fg('blue'),
  running: fg('#1a7f37'),
  exited: fg('#6e7781'),
  paused: fg(AMBER),
  logStderr: fg(AMBER),
  logInfo: fg(TEAL),
  logPrefix: ['blue', 'magenta', '#1a7f37', 'red', AMBER, TEAL, '#8250df', '#953800', '#0550ae', '#6e7781'].map(fg),
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
export const prefixStyle = (theme: Theme, hue: number): Style => theme.logPrefix[hue % theme.logPrefix.length];
