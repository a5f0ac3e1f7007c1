// The one import for colours: `theme.<role>` is a style to spread on Ink's <Text>; components get the app's
// theme from `useTheme()` (views/use-theme.ts).
export {ROLES, ROLE_NAMES, type Role} from './roles.js';
export {styles, type Style} from './style.js';
export {DEFAULT_THEME, THEME_NAMES, THEMES, prefixStyle, type Theme, type ThemeName} from './themes.js';
export {parseColour} from './colours.js';
export {resolveTheme, themeName, type ColourOverrides} from './resolve.js';
