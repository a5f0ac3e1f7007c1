import {describe, expect, test} from 'vitest';
import type {RemovalFacts} from '../../../../source/engine/images/removal-facts.js';
import {removeDialog} from '../../../../source/views/images/remove-dialog.js';

const ID = `sha256:c135f102f131${'0'.repeat(52)}`;
const facts = (reference: string, more: Partial<RemovalFacts> = {}): RemovalFacts => ({
  reference,
  id: ID,
  tags: ['x:1', 'x:2'],
  digests: [],
  users: [],
  ...more,
});
const stopped = [{id: 'c', name: 'ut-c', state: 'exited'}];

describe('the image remove dialog (d, :rmi)', () => {
  test('an ID, or a prefix of it, lists every name it untags and the containers; force says it untags them all', () => {
    for (const reference of ['c135f102f131', 'c', ID]) {
      const dialog = removeDialog([{reference, facts: facts(reference, {users: stopped})}]);
      expect(dialog.targets).toEqual(['c135f102f131  named x:1, x:2  used by ut-c (exited)']);
      expect(dialog.forceOn).toBe('  [force: untag every name listed and delete, even if a stopped container uses it]');
    }
    // A digest reference is a name the ID untags too, shortened as an ID is.
    const pulled = facts('c135', {
      tags: ['127.0.0.1:5000/apps/web:1.0'],
      digests: [`127.0.0.1:5000/apps/web@sha256:${'ab'.repeat(32)}`],
    });
    expect(removeDialog([{reference: 'c135', facts: pulled}]).targets).toEqual([
      'c135f102f131  named 127.0.0.1:5000/apps/web:1.0, 127.0.0.1:5000/apps/web@sha256:abababababab…',
    ]);
    expect(removeDialog([{reference: 'c135', facts: facts('c135', {tags: []})}]).targets).toEqual([
      'c135f102f131  no name',
    ]);
  });

  test('a name:tag of an image with other names untags only that name, and force says so', () => {
    const dialog = removeDialog([{reference: 'x:1', facts: facts('x:1', {users: stopped})}]);
    expect(dialog.targets).toEqual(['x:1 c135f102f131  untags only this name; the image stays as x:2']);
    expect(dialog.forceOn).toBe(
      '  [force: untag only the name given; an image left unnamed is deleted even if a stopped container uses it]',
    );
    expect(dialog.forceOn).not.toMatch(/every name/);
    // Typed short: `x` is x:latest.
    expect(removeDialog([{reference: 'x', facts: facts('x', {tags: ['x:latest', 'x:2']})}]).targets).toEqual([
      'x c135f102f131  untags only this name; the image stays as x:2',
    ]);
  });

  test("an image's last name goes with the image: its containers are listed; several of its names in one dialog", () => {
    expect(removeDialog([{reference: 'x:1', facts: facts('x:1', {tags: ['x:1'], users: stopped})}]).targets).toEqual([
      'x:1 c135f102f131  used by ut-c (exited)',
    ]);
    const both = removeDialog([
      {reference: 'x:1', facts: facts('x:1', {users: stopped})},
      {reference: 'x:2', facts: facts('x:2', {users: stopped})},
    ]);
    expect(both.targets).toEqual([
      'x:1 c135f102f131  used by ut-c (exited)',
      'x:2 c135f102f131  used by ut-c (exited)',
    ]);
    expect(both.forceOn).toMatch(/untag only the names given/);
    // The same image on another engine is another image.
    const engines = removeDialog([
      {reference: 'x:1', engine: 'a', facts: facts('x:1')},
      {reference: 'x:2', engine: 'b', facts: facts('x:2')},
    ]);
    expect(engines.targets).toEqual([
      'a/x:1 c135f102f131  untags only this name; the image stays as x:2',
      'b/x:2 c135f102f131  untags only this name; the image stays as x:1',
    ]);
  });

  test('an ID and a name together: force says what it does to each; facts not read name the reference', () => {
    const mixed = removeDialog([
      {reference: 'c135', facts: facts('c135')},
      {reference: 'y:1', facts: {...facts('y:1', {tags: ['y:1']}), id: `sha256:${'d'.repeat(64)}`}},
    ]);
    expect(mixed.forceOn).toMatch(/an ID untags every name listed, a name only itself/);
    expect(removeDialog([{reference: 'z:1'}])).toMatchObject({
      targets: ['z:1'],
      forceOn: expect.stringMatching(/untag only/) as string,
    });
    // Names from the engine are untrusted.
    expect(
      removeDialog([{reference: 'c135', facts: facts('c135', {tags: ['x:\u001b]0;owned\u00071']})}]).targets[0],
    ).not.toMatch(/\u001b|\u0007/);
  });
});
