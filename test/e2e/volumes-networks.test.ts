import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';
import {at} from '../helpers/found.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const base = uniqueName('e2e-vn');
const used = `${base}-used`;
const free = `${base}-free`;
const late = `${base}-late`;
const net = `${base}-net`;
const runner = `${base}-runner`;
// Attached to the network and stopped (exited): f disconnects it too, and the dialog says so.
const exited = `${base}-exited`;
const small = `${base}-small`;

const quiet = (args: string[]) => {
  try {
    docker(args);
  } catch {
    // Already gone.
  }
};

beforeAll(() => {
  docker(['volume', 'create', used]);
  docker(['volume', 'create', free]);
  docker(['network', 'create', net]);
  docker(['run', '-d', '--name', runner, '--network', net, '-v', `${used}:/data`, BUSYBOX, 'sleep', '600']);
  docker(['run', '--name', exited, '--network', net, BUSYBOX, 'true']);
});

afterAll(() => {
  quiet(['rm', '-f', runner, exited]);
  quiet(['volume', 'rm', used, free, late]);
  quiet(['network', 'rm', net, small]);
});

async function open(t: Terminal, key: string, heading: RegExp): Promise<void> {
  await t.waitFor(/API 1\.41/);
  t.type(key);
  await t.waitFor(heading);
  t.type('/');
  t.type(base);
  t.keys('Enter');
  // The filter shows while it is typed; the prompt's footer goes once Enter is taken.
  await t.waitUntil(
    s => s.includes(`filter: ${base}`) && !/esc cancel\s*$/.test(s.trimEnd()),
    'the filter applied and its prompt closed',
  );
}

const rowOf = (screen: string, name: string) => screen.split('\n').find(line => line.includes(name)) ?? '';

// The first subnet docker gave a network the test made.
function subnetOf(network: string): string {
  const inspected = JSON.parse(docker(['network', 'inspect', network])) as {IPAM: {Config: {Subnet: string}[]}}[];
  return at(at(inspected, 0).IPAM.Config, 0).Subnet;
}

describe('views 7 Volumes and 8 Networks in a real terminal', () => {
  test('7 lists volumes with their users; d on one in use is refused naming the container; an unused one goes; events add rows', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await open(terminal, '7', /VOLUME NAME +DRIVER +SCOPE +CREATED +USED BY +MOUNTPOINT/);
    const screen = await terminal.waitUntil(s => rowOf(s, used).includes(runner) && s.includes(free), 'both volumes');
    expect(rowOf(screen, free)).toMatch(/local +local .* - /);
    // A volume made outside berth appears from the engine's volume events, without a key.
    docker(['volume', 'create', late]);
    await terminal.waitFor(late, 10_000);
    // The selected row is the first by name: ...-free; move to ...-used (free < late < used).
    terminal.type('G');
    await terminal.waitUntil(s => rowOf(s, used).startsWith('›'), 'used selected');
    terminal.type('d');
    await terminal.waitFor(`not removing ${used}: in use by ${runner} (running)`);
    terminal.type('i');
    const inspect = await terminal.waitFor(`volume ${used}`);
    expect(inspect).toContain('used by 1 container:');
    expect(inspect).toContain(`${runner} (running)`);
    terminal.keys('Escape');
    terminal.type('g');
    await terminal.waitUntil(s => rowOf(s, free).startsWith('›'), 'free selected');
    terminal.type('d');
    const dialog = await terminal.waitFor('Remove this volume and the data in it?');
    expect(dialog).toContain(`${free}  (local, unused)`);
    terminal.type('y');
    await terminal.waitFor(`removed volume ${free}`, 10_000);
    await terminal.waitUntil(
      s => !s.split('\n').some(line => /^[› ][ *] \S/.test(line) && line.includes(free)),
      'the row gone',
    );
    expect(docker(['volume', 'ls', '-q']).split('\n')).not.toContain(free);
    expect(docker(['volume', 'ls', '-q']).split('\n')).toContain(used);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('8 lists networks with subnet and users; d keeps one with a running container unless f disconnects every container listed', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await open(terminal, '8', /NETWORK +ID +DRIVER +SCOPE +CREATED +SUBNET +USED BY/);
    const subnet = subnetOf(net);
    // USED BY lists both (the column is cut after the first at 120 columns).
    await terminal.waitUntil(
      s => rowOf(s, net).includes(`${exited},`) && rowOf(s, net).includes(subnet),
      'the network row',
    );
    terminal.type('d');
    const dialog = await terminal.waitFor('Remove this network?');
    expect(dialog).toContain(`in use by ${runner} (running): kept unless f, which disconnects it`);
    expect(dialog).toContain(`also attached: stopped ${exited} (exited); f disconnects it too`);
    terminal.type('y');
    await terminal.waitFor(`not removed: ${net}: in use by ${runner} (running)`);
    expect(docker(['network', 'ls', '--format', '{{.Name}}']).split('\n')).toContain(net);
    terminal.type('d');
    await terminal.waitFor('Remove this network?');
    terminal.type('f');
    await terminal.waitFor('[force: disconnect');
    terminal.type('y');
    await terminal.waitFor(`removed network ${net} (disconnected ${exited}, ${runner})`, 10_000);
    expect(docker(['network', 'ls', '--format', '{{.Name}}']).split('\n')).not.toContain(net);
    expect(docker(['inspect', '--format', '{{.State.Running}}', runner]).trim()).toBe('true');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('80x24: columns, the footer and the dialogs stay readable', async () => {
    docker(['network', 'create', small]);
    docker(['network', 'connect', small, runner]);
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    await open(terminal, '7', /VOLUME NAME +DRIVER +SCOPE +CREATED +USED BY/);
    const volumes = await terminal.waitUntil(s => rowOf(s, used).includes(runner.slice(0, 10)), 'the volume row');
    const footer = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';
    expect(footer(volumes)).toMatch(/d remove .*\? help\s*$/);
    expect(volumes).toContain(`filter: ${base}`);
    expect(volumes.split('\n').every(line => line.length <= 80)).toBe(true);
    terminal.keys('Escape');
    terminal.type('8');
    await terminal.waitFor(/NETWORK +DRIVER +CREATED +SUBNET +USED BY/);
    terminal.type('/');
    terminal.type(base);
    terminal.keys('Enter');
    const subnet = subnetOf(small);
    // The list filters while the prompt is open: wait for the prompt to close too (the footer is the view's again).
    await terminal.waitUntil(
      s => rowOf(s, small).includes(subnet) && /\? help\s*$/.test(footer(s)),
      'the network row with its whole subnet',
    );
    terminal.type('d');
    const dialog = await terminal.waitFor('y yes, do it  n cancel');
    expect(dialog).toContain(`in use by ${runner} (running)`);
    terminal.type('n');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('a key that acts on rows where there is none says so: d in an empty list, D with no compose project', async () => {
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    await terminal.waitFor(/API 1\.41/);
    terminal.type('7');
    await terminal.waitFor(/VOLUME NAME/);
    terminal.type('/');
    terminal.type(`${base}-none-at-all`);
    terminal.keys('Enter');
    await terminal.waitFor('no volume matches the filter');
    terminal.type('d');
    await terminal.waitFor('nothing to remove: no row is selected');
    terminal.type('3');
    await terminal.waitFor(/PROJECT/);
    terminal.type('/');
    terminal.type(`${base}-none-at-all`);
    terminal.keys('Enter');
    await terminal.waitFor(/no project matches the filter|no compose projects on this engine/);
    terminal.type('D');
    await terminal.waitFor('nothing to take down: no row is selected');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});
