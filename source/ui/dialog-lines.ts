import type {Confirmation} from '../store/state.js';
import {sanitizeLine} from '../text/sanitize.js';
import {wrapIndented} from '../text/wrap-indented.js';

// A confirmation's title, with what f does (or does now) after it.
export function confirmTitle(confirm: Confirmation): string {
  const force =
    confirm.force !== undefined && confirm.forceLabels
      ? confirm.force
        ? confirm.forceLabels.on
        : confirm.forceLabels.off
      : '';
  return `${sanitizeLine(confirm.title)}${force}`;
}

// Its targets, each wrapped to the width (continued rows indented): a target is never cut where there is room.
export function confirmLines(confirm: Confirmation, width: number): string[] {
  return confirm.targets.flatMap(target => wrapIndented(`  ${sanitizeLine(target)}`, width));
}
