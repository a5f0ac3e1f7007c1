import {describe, expect, test} from 'vitest';
import {confirmTitle, forceNote} from '../../../../source/ui/dialog-lines.js';

// The title and what f does, as the dialog shows them (the note on its first line).
const heading = (confirm: Parameters<typeof confirmTitle>[0]) =>
  `${confirmTitle(confirm)}  ${forceNote(confirm)}`.trimEnd();
import {reduceApp} from '../../../../source/ui/reducer.js';
import {DEFAULT_KEYMAP} from '../../../../source/ui/keymap.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {matchingConfirmation} from '../../../../source/views/containers/matching-dialog.js';
import {unitConfig as config} from '../../../helpers/app-state.js';

const matches = [
  {id: '1', name: 'ut1-rf1', state: 'running'},
  {id: '2', name: 'ut1-rf2', state: 'exited'},
];

describe(':rm and its kin on a name pattern', () => {
  test(':rm -f says it forces, as d does; f turns it off; :rm without -f offers f', () => {
    const forced = matchingConfirmation(
      {name: 'rm', operation: 'remove', verb: 'Remove', force: true},
      'ut1-rf*',
      matches,
      m => m.name,
    );
    expect(heading(forced)).toBe('Remove 2 containers matching "ut1-rf*"?  [force: running containers are killed]');
    expect(forced.targets).toEqual(['ut1-rf1  (running)', 'ut1-rf2  (exited)']);
    const state = {...DEFAULT_VIEWS.initialState('t', config), overlay: {kind: 'confirm' as const, confirm: forced}};
    const off = reduceApp(DEFAULT_VIEWS, state, {type: 'confirm.force'}, DEFAULT_KEYMAP);
    expect(off.overlay?.kind === 'confirm' && heading(off.overlay.confirm)).toBe(
      'Remove 2 containers matching "ut1-rf*"?  (f: force)',
    );
    const plain = matchingConfirmation(
      {name: 'rm', operation: 'remove', verb: 'Remove'},
      'ut1-rf*',
      matches,
      m => m.name,
    );
    expect(plain).toMatchObject({force: false});
    expect(heading(plain)).toBe('Remove 2 containers matching "ut1-rf*"?  (f: force)');
  });

  test('the others do not force', () => {
    const stop = matchingConfirmation({name: 'stop', operation: 'stop', verb: 'Stop'}, 'ut1-rf*', matches, m => m.name);
    expect(stop.force).toBeUndefined();
    expect(heading(stop)).toBe('Stop 2 containers matching "ut1-rf*"?');
  });
});
