import {describe, expect, test} from 'vitest';
import type {NetworkRow} from '../../../../source/views/networks/state.js';
import {FORCE, networkTargetLines} from '../../../../source/views/networks/remove-dialog.js';

const network = (usedBy: {name: string; state: string}[]): NetworkRow =>
  ({
    id: 'n1',
    name: 'ut-net',
    driver: 'bridge',
    subnet: '10.0.0.0/24',
    usedBy: usedBy.map(user => ({...user, id: `id-${user.name}`})),
  }) as unknown as NetworkRow;

describe('the network remove dialog (d in view 8)', () => {
  test('a running and a stopped container: both listed, and what f does to each', () => {
    expect(
      networkTargetLines(
        network([
          {name: 'ut-c4', state: 'exited'},
          {name: 'ut-run', state: 'running'},
        ]),
        'ut-net',
      ),
    ).toEqual([
      'ut-net  (bridge 10.0.0.0/24)',
      '  in use by ut-run (running): kept unless f, which disconnects it',
      '  also attached: stopped ut-c4 (exited); f disconnects it too',
    ]);
    expect(FORCE.on).toMatch(/disconnect every container listed/);
    expect(FORCE.off).not.toMatch(/running/);
  });

  test('only running, only stopped, none', () => {
    expect(
      networkTargetLines(
        network([
          {name: 'a', state: 'running'},
          {name: 'b', state: 'paused'},
        ]),
        'ut-net',
      ),
    ).toEqual([
      'ut-net  (bridge 10.0.0.0/24)',
      '  in use by a (running), b (paused): kept unless f, which disconnects them',
    ]);
    expect(networkTargetLines(network([{name: 'b', state: 'exited'}]), 'ut-net')).toEqual([
      'ut-net  (bridge 10.0.0.0/24)',
      '  stopped b (exited) will lose it',
    ]);
    expect(networkTargetLines(network([]), 'ut-net')).toEqual(['ut-net  (bridge 10.0.0.0/24), unused']);
  });
});
