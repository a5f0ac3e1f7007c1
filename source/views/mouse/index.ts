import type {ViewModule} from '../types.js';
import './state.js';

// The footer's note while the terminal has the mouse (ui/components/Footer.tsx).
export const MOUSE_OFF_NOTE = 'mouse off: M';

// The mouse: on or off (M, `mouse:` in the config). What a click or the wheel does is the shell's
// (ui/mouse/); the terminal's reporting follows `capture` (ui/run.tsx), and is off whenever berth is not drawing.
export const mousePane: ViewModule = {
  id: 'mouse',
  title: 'Mouse',
  initial: config => ({mouse: {capture: config.mouse ?? true}}),
  reduce(state, action) {
    if (action.type !== 'mouse.toggle') return state;
    return {...state, mouse: {capture: !state.mouse.capture}};
  },
  effect(services, action, _before, after) {
    if (action.type !== 'mouse.toggle') return;
    services.status(
      after.mouse.capture
        ? 'mouse on: click selects, double-click opens, the wheel scrolls'
        : 'mouse off: the terminal selects text again (M turns the mouse on)',
    );
  },
  bindings: [
    {scope: 'global', keys: ['M'], action: 'mouse.toggle', help: 'mouse on/off (off: the terminal selects text)'},
  ],
};
