import {DEFAULT_THEME, type Theme} from '../theme/index.js';
import {dropColours} from '../text/drop-colours.js';
import {useServices} from './use-store.js';

// The app's colours: `const theme = useTheme(); <Text {...theme.warning}>`. Fixed for the life of the app, so a
// component reading it renders no more often than before.
export const useTheme = (): Theme => useServices().config.theme ?? DEFAULT_THEME;

// Untrusted text keeps its own colours (SGR, all the sanitiser lets through) unless the theme has none.
export const keptColours = (theme: Theme, text: string): string => (theme.plain ? dropColours(text) : text);
