import type {Confirmation} from '../store/state.js';
import {sanitizeLine} from '../text/sanitize.js';
import {wrapIndented} from '../text/wrap-indented.js';

// A confirmation's title. What f does (or does now) has lines of its own under it, wrapped (in the title row, 80
// columns cut "[force: running containers are kil…").
export function confirmTitle(confirm: Confirmation): string {
  return sanitizeLine(confirm.title);
}

export function forceNote(confirm: Confirmation): string {
  if (confirm.force === undefined || !confirm.forceLabels) return '';
  return (confirm.force ? confirm.forceLabels.on : confirm.forceLabels.off).trim();
}

// What f does, wrapped to the width: shown above the targets, which scroll under it.
export function forceLines(confirm: Confirmation, width: number): string[] {
  const note = forceNote(confirm);
  return note ? wrapIndented(sanitizeLine(note), width) : [];
}

// Its targets, each wrapped to the width (continued rows indented): a target is never cut where there is room.
export function confirmLines(confirm: Confirmation, width: number): string[] {
  return confirm.targets.flatMap(target => wrapIndented(`  ${sanitizeLine(target)}`, width));
}
