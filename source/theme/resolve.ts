import {ROLES, type Role} from './roles.js';
import type {Style} from './style.js';
import {DEFAULT_THEME, THEMES, type Theme, type ThemeName} from './themes.js';

// What the config file says about colours, already checked (config.ts): a colour as Ink takes it, or null for
// the terminal's own.
export type ColourOverrides = {roles: Partial<Record<Role, string | null>>; logPrefix?: readonly string[]};

export type ThemeSources = {
  // --theme on the command line.
  flag?: ThemeName;
  // theme: in the config file.
  config?: ThemeName;
  env: NodeJS.ProcessEnv;
  colours?: ColourOverrides;
};

// Which theme, first that applies: --theme, then theme: in the config file, then NO_COLOR (set and not empty:
// none), then dark. no-color.org asks that a user's configuration and command line win over NO_COLOR, which a
// shell profile often sets for every program.
export function themeName({flag, config, env}: ThemeSources): ThemeName {
  return flag ?? config ?? (env.NO_COLOR ? 'none' : DEFAULT_THEME.name);
}

function withColour(style: Style, role: Role, colour: string | null): Style {
  const {color: _color, backgroundColor: _background, ...attributes} = style;
  if (ROLES[role].kind === 'text') return colour === null ? attributes : {...attributes, color: colour};
  // A background colour replaces inverse video; `default` keeps what marks the role without colour.
  if (colour === null) return style.backgroundColor ? {...attributes, inverse: true} : attributes;
  return {...attributes, inverse: false, backgroundColor: colour};
}

// The theme, with the config file's colours over it; `none` takes no colour from anywhere.
export function resolveTheme(sources: ThemeSources): Theme {
  const base = THEMES[themeName(sources)];
  const colours = sources.colours;
  if (base.plain || !colours) return base;
  const theme: Record<string, unknown> = {...base};
  for (const [role, colour] of Object.entries(colours.roles) as [Role, string | null][])
    theme[role] = withColour(base[role], role, colour);
  if (colours.logPrefix?.length) theme.logPrefix = colours.logPrefix.map(color => ({color}));
  return theme as Theme;
}
