import type {NoFields} from '../../store/state.js';

// Whether berth takes the mouse (clicks and the wheel), or leaves it to the terminal, whose own selection then
// works (copying text by dragging).
export type MouseState = {capture: boolean};

declare module '../../store/state.js' {
  interface ViewSlices {
    mouse: MouseState;
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'mouse.toggle': NoFields;
    // A click on a row of the focused list, by its index in the list (the list's cursor goes there).
    'mouse.select': {index: number};
  }
}
