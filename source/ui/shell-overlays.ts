import type {OverlayKind} from '../store/state.js';
import type {OverlaySpec} from '../views/types.js';

// The overlays every view shares. `command` and `confirm` are submitted by the shell itself (controller.ts);
// their components are in components/shell-overlay-components.ts (kept apart so the controller does not
// import React components).
export const SHELL_OVERLAYS: Partial<Record<OverlayKind, OverlaySpec>> = {
  help: {label: ' help / ', scopes: ['help', 'move']},
  filter: {label: ' / ', scopes: ['prompt']},
  command: {label: ' : ', scopes: ['prompt']},
  confirm: {scopes: ['confirm']},
  text: {scopes: ['dialog', 'move'], rows: overlay => (overlay.kind === 'text' ? overlay.lines.length : 0)},
};
