import type {Size} from '../../views/types.js';

// Where the shell drew its parts on the last frame (ui/components/App.tsx records it), in screen rows from the
// top (0-based): what the mouse needs to tell a click on a tab from one on the view's body.
export type ScreenLayout = {
  tabsRow: number;
  bodyTop: number;
  // The view's part of the body (the rows above a dialog, when one is open).
  body: Size;
  // The terminal is below the size berth needs: nothing is where it would be.
  tooSmall: boolean;
};

const layouts = new WeakMap<object, ScreenLayout>();

export function recordScreen(owner: object, layout: ScreenLayout): void {
  layouts.set(owner, layout);
}

export function screenOf(owner: object): ScreenLayout | undefined {
  return layouts.get(owner);
}
