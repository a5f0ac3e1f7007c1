import {cellWidth} from '../../../text/cells.js';

// What the title says the pane follows: its name, and for merged logs the labels of the logs merged, as many
// whole ones as fit in `room` cells, the others counted (`3 containers: api, web, +1`).
export function followedText(name: string, members: readonly string[] | undefined, room: number): string {
  if (!members?.length) return name;
  let best = name;
  for (let shown = 1; shown <= members.length; shown++) {
    const rest = members.length - shown;
    const text = `${name}: ${members.slice(0, shown).join(', ')}${rest ? `, +${rest}` : ''}`;
    if (cellWidth(text) > room) break;
    best = text;
  }
  return best;
}
