import type {OverlayKind} from '../store/state.js';
import type {OverlaySpec} from '../views/types.js';
import {confirmLines, forceLines} from './dialog-lines.js';
import {filterProblem} from '../store/list.js';
import {splitEngineFilter} from '../views/kit/merge-engine-rows.js';
import {wrappedRows} from './text-rows.js';

// The overlays every view shares. `command` and `confirm` are submitted by the shell itself (controller.ts);
// their components are in components/shell-overlay-components.ts (kept apart so the controller does not
// import React components). Help's height is set by the App (it needs the keymap).
export const SHELL_OVERLAYS: Partial<Record<OverlayKind, OverlaySpec>> = {
  help: {label: ' help / ', scopes: ['help', 'move']},
  filter: {
    label: ' / ',
    scopes: ['prompt'],
    // The rows filtered as it was typed; enter applies it and says on the status line when a `re:` expression does
    // not compile (the list alone would only say nothing matches). `engine:NAME` is not part of the expression.
    submit(services, overlay) {
      const problem = overlay.kind === 'filter' ? filterProblem(splitEngineFilter(overlay.draft).rest) : undefined;
      if (problem) services.status(problem, 'error');
      return undefined;
    },
  },
  command: {label: ' : ', scopes: ['prompt']},
  confirm: {
    // Its targets scroll (j/k, pgdn/pgup, g/G) when the frame cannot show them all.
    scopes: ['confirm', 'move'],
    height: (overlay, _state, width) =>
      overlay.kind === 'confirm'
        ? 1 + forceLines(overlay.confirm, width).length + confirmLines(overlay.confirm, width).length
        : 1,
  },
  text: {
    scopes: ['dialog', 'move'],
    rows: overlay => (overlay.kind === 'text' ? overlay.lines.length : 0),
    height: (overlay, _state, width) =>
      overlay.kind !== 'text' ? 1 : 1 + (overlay.wrap ? wrappedRows(overlay.lines, width) : overlay.lines).length,
  },
};
