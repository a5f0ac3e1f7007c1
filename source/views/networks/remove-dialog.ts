import {describeUsers} from '../../engine/volumes/usage.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {NetworkRow} from './state.js';

// What d on a network says. The engine refuses a network with running containers on it ("active endpoints"):
// without f it is kept; f disconnects every container attached, stopped ones too, then removes it. So every
// attached container is listed, each with what happens to it.

export const FORCE = {
  off: '  (f: disconnect the containers first)',
  on: '  [force: disconnect every container listed (docker network disconnect -f), then remove]',
};

export const running = (row: NetworkRow) =>
  row.usedBy.filter(user => user.state === 'running' || user.state === 'paused' || user.state === 'restarting');

// One line for the network (`name` already sanitised, with its engine when several), the containers under it (at
// 80 columns a name and a reason do not fit one line).
export function networkTargetLines(row: NetworkRow, name: string): string[] {
  const busy = running(row);
  const stopped = row.usedBy.filter(user => !busy.includes(user));
  const head = `${name}  (${sanitizeLine(row.driver)}${row.subnet ? ` ${row.subnet}` : ''})`;
  const stoppedText = sanitizeLine(describeUsers(stopped));
  const them = (users: readonly unknown[]) => (users.length === 1 ? 'it' : 'them');
  if (busy.length)
    return [
      head,
      `  in use by ${sanitizeLine(describeUsers(busy))}: kept unless f, which disconnects ${them(busy)}`,
      ...(stopped.length ? [`  also attached: stopped ${stoppedText}; f disconnects ${them(stopped)} too`] : []),
    ];
  if (stopped.length) return [head, `  stopped ${stoppedText} will lose it`];
  return [`${head}, unused`];
}
