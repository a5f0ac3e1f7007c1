import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {namesById, removalFacts} from '../../source/engine/images/removal-facts.js';
import {removeImage} from '../../source/engine/images/remove.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {removeDialog} from '../../source/views/images/remove-dialog.js';
import {benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {commitImage} from '../helpers/images.js';
import {at} from '../helpers/found.js';

// What the image remove dialog says, from the engine's facts, against what the engine then does (the oracle).
let client: EngineClient;
const repo = uniqueName('berth-rmi-facts');
const stopped = `${repo}-stopped`;
let id = '';

const quiet = (args: string[]) => {
  try {
    docker(args);
  } catch {
    // Already gone.
  }
};

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  id = commitImage(docker, `${repo}:1`);
  docker(['tag', `${repo}:1`, `${repo}:2`]);
  docker(['create', '--network', 'none', '--name', stopped, `${repo}:1`, 'true']);
});

afterAll(() => {
  quiet(['rm', '-f', stopped]);
  quiet(['rmi', '-f', id]);
  client?.close();
});

describe('image removal: what the dialog says is what the engine does', () => {
  test('by ID or a prefix: every tag and the stopped container are listed; forced, the engine untags exactly those', async () => {
    const short = id.slice(7, 19);
    const facts = await removalFacts(client.docker, [short, id.slice(7, 11), `${repo}:1`, 'berth-no-such-image:1']);
    expect(facts.map(fact => [fact.reference, namesById(fact)])).toEqual([
      [short, true],
      [id.slice(7, 11), true],
      [`${repo}:1`, false],
    ]);
    const byId = at(facts, 0);
    expect(byId).toMatchObject({id, tags: [`${repo}:1`, `${repo}:2`].sort(), digests: []});
    expect(byId.users.map(user => `${user.name} ${user.state}`)).toEqual([`${stopped} created`]);
    expect(removeDialog([{reference: short, facts: byId}]).targets).toEqual([
      `${short}  named ${byId.tags.join(', ')}  used by ${stopped} (created)`,
    ]);
    // d on the name:tag row: only that name goes, the image stays with the other.
    expect(removeDialog([{reference: `${repo}:1`, facts: at(facts, 2)}]).targets).toEqual([
      `${repo}:1 ${short}  untags only this name; the image stays as ${repo}:2`,
    ]);
  });

  test('forcing a name untags only it (as the dialog says); forcing the ID untags every name listed', async () => {
    const short = id.slice(7, 19);
    const name = await removeImage(client.docker, `${repo}:2`, {force: true});
    expect(name).toEqual({reference: `${repo}:2`, ok: true, lines: [{kind: 'Untagged', value: `${repo}:2`}]});
    docker(['tag', `${repo}:1`, `${repo}:2`]);
    const [facts] = await removalFacts(client.docker, [short]);
    const listed = facts?.tags ?? [];
    const forced = await removeImage(client.docker, short, {force: true});
    expect(forced.ok).toBe(true);
    if (!forced.ok) return;
    expect(
      forced.lines
        .filter(line => line.kind === 'Untagged')
        .map(line => line.value)
        .sort(),
    ).toEqual(listed);
    expect(forced.lines).toContainEqual({kind: 'Deleted', value: id});
  });
});
