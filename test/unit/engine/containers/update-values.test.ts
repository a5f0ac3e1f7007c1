import {describe, expect, test} from 'vitest';
import {
  formatSize,
  limitTexts,
  parseRestart,
  parseSize,
  planUpdate,
  type LimitTexts,
} from '../../../../source/engine/containers/update-values.js';
import {containerNameProblem, shortRefusal} from '../../../../source/engine/containers/change.js';
import {signalName} from '../../../../source/engine/containers/signals.js';

const NONE: LimitTexts = {restart: 'no', memory: '', memorySwap: '', cpus: '', pidsLimit: ''};

describe('sizes as docker reads them (binary units)', () => {
  test.each([
    ['512m', 512 * 1024 ** 2],
    ['1g', 1024 ** 3],
    ['1.5G', 1.5 * 1024 ** 3],
    ['2GiB', 2 * 1024 ** 3],
    ['64mb', 64 * 1024 ** 2],
    ['1024', 1024],
    ['10k', 10240],
  ])('%s', (text, bytes) => expect(parseSize(text)).toBe(bytes));
  test.each(['', 'm', '-1', '1x', '1.g', 'lots'])('%j is not a size', text => expect(parseSize(text)).toBeUndefined());
  test('shown in the largest unit that divides it', () => {
    expect(formatSize(512 * 1024 ** 2)).toBe('512m');
    expect(formatSize(1024 ** 3)).toBe('1g');
    expect(formatSize(1536 * 1024 ** 2)).toBe('1536m');
    expect(formatSize(1000)).toBe('1000');
  });
});

describe('restart policies', () => {
  test('the four, on-failure with its count', () => {
    expect(parseRestart('no')).toEqual({Name: 'no', MaximumRetryCount: 0});
    expect(parseRestart('unless-stopped')).toEqual({Name: 'unless-stopped', MaximumRetryCount: 0});
    expect(parseRestart('on-failure:3')).toEqual({Name: 'on-failure', MaximumRetryCount: 3});
    expect(parseRestart('on-failure')).toEqual({Name: 'on-failure', MaximumRetryCount: 0});
  });
  test.each(['always:2', 'sometimes', 'on-failure:x', ''])('%j is refused', text =>
    expect(parseRestart(text)).toBeUndefined(),
  );
});

describe('the form from what the engine reports', () => {
  test('limits as typed, no limit as an empty field', () => {
    expect(
      limitTexts({
        RestartPolicy: {Name: 'on-failure', MaximumRetryCount: 5},
        Memory: 256 * 1024 ** 2,
        MemorySwap: -1,
        NanoCpus: 1.5e9,
        PidsLimit: 100,
      }),
    ).toEqual({restart: 'on-failure:5', memory: '256m', memorySwap: '-1', cpus: '1.5', pidsLimit: '100'});
    expect(limitTexts({RestartPolicy: {Name: ''}, Memory: 0, PidsLimit: null})).toEqual(NONE);
  });
});

describe('planUpdate: only what changed, checked before sending', () => {
  test('the body and the docker update flags', () => {
    expect(planUpdate(NONE, {...NONE, restart: 'always', memory: '512m', memorySwap: '1g'})).toEqual({
      body: {RestartPolicy: {Name: 'always', MaximumRetryCount: 0}, Memory: 512 * 1024 ** 2, MemorySwap: 1024 ** 3},
      flags: ['--restart', 'always', '--memory', '512m', '--memory-swap', '1g'],
    });
    expect(planUpdate(NONE, {...NONE, cpus: '0.5', pidsLimit: '64'})).toEqual({
      body: {NanoCpus: 5e8, PidsLimit: 64},
      flags: ['--cpus', '0.5', '--pids-limit', '64'],
    });
    expect(planUpdate(NONE, NONE)).toEqual({body: {}, flags: []});
  });
  test('memory+swap at least the memory, or -1; and only with a memory limit', () => {
    expect(planUpdate(NONE, {...NONE, memory: '1g', memorySwap: '512m'})).toEqual({
      error: expect.stringMatching(/^memory\+swap: at least the memory/) as unknown,
    });
    expect(planUpdate(NONE, {...NONE, memory: '1g', memorySwap: '1g'})).not.toHaveProperty('error');
    expect(planUpdate(NONE, {...NONE, memory: '1g', memorySwap: '-1'})).toMatchObject({body: {MemorySwap: -1}});
    expect(planUpdate(NONE, {...NONE, memorySwap: '1g'})).toEqual({
      error: expect.stringMatching(/^memory\+swap: needs a memory limit/) as unknown,
    });
    // The memory raised above the swap already set: refused too.
    const set = {...NONE, memory: '256m', memorySwap: '512m'};
    expect(planUpdate(set, {...set, memory: '1g'})).toHaveProperty('error');
  });
  test.each<[Partial<LimitTexts>, RegExp]>([
    [{restart: 'sometimes'}, /^restart policy: /],
    [{memory: 'lots'}, /^memory: a size/],
    [{memory: '0'}, /^memory: a size/],
    [{cpus: '1,5'}, /^CPUs: a decimal/],
    [{cpus: '0'}, /^CPUs: a decimal/],
    [{pidsLimit: '-5'}, /^PIDs limit: /],
  ])('%j is refused in one line', (edited, message) => {
    const plan = planUpdate(NONE, {...NONE, ...edited});
    expect('error' in plan && plan.error).toMatch(message);
    // One line that fits an 80-column form.
    expect('error' in plan && plan.error.length).toBeLessThan(76);
  });
  test('a limit emptied is refused: the engine takes 0 as unchanged', () => {
    const set = {...NONE, memory: '512m', cpus: '2'};
    expect(planUpdate(set, {...set, memory: ''})).toEqual({
      error: expect.stringMatching(/^memory: docker update cannot lift/) as unknown,
    });
    expect(planUpdate(set, {...set, cpus: ''})).toHaveProperty('error');
  });
  test('a PIDs limit of 0 or empty lifts it (-1)', () => {
    const set = {...NONE, pidsLimit: '100'};
    expect(planUpdate(set, {...set, pidsLimit: ''})).toEqual({body: {PidsLimit: -1}, flags: ['--pids-limit', '-1']});
    expect(planUpdate(set, {...set, pidsLimit: '0'})).toMatchObject({body: {PidsLimit: -1}});
  });
});

describe('container names as docker takes them', () => {
  test.each(['web', 'web-2', 'a_b.c', '9lives', 'ab'])('%s is one', name =>
    expect(containerNameProblem(name)).toBeUndefined(),
  );
  test.each(['a', '-web', '.web', '_web', 'web/2', 'we b', 'wéb', ''])('%j is not, said in one line', name => {
    expect(containerNameProblem(name)).toMatch(/is not a name docker takes: \[a-zA-Z0-9\]\[a-zA-Z0-9_.-\]\+/);
  });
});

describe('signals', () => {
  test('names with or without SIG, and numbers, as sent', () => {
    expect(signalName('usr1')).toBe('USR1');
    expect(signalName('SIGHUP')).toBe('SIGHUP');
    expect(signalName(' 10 ')).toBe('10');
    expect(signalName('RTMIN+3')).toBe('RTMIN+3');
  });
  test.each(['1', '64', 'winch', 'SIGRTMAX-2', 'sigcont'])('%j is one the engine takes', text =>
    expect(signalName(text)).toBe(text.toUpperCase()),
  );
  test.each(['', 'NOT A SIGNAL', '123', '-9', '0', '65', '999', 'FOO', 'SIGFOO', 'RTMIN+16', 'SIG'])(
    '%j is not one',
    text => expect(signalName(text)).toBeUndefined(),
  );
});

test("an engine's update refusal in one line: runc's words shortened", () => {
  const said =
    'Cannot update container afd17729863c949b95436aaaf1b7c50e6c2aa050b9b169874143915e5b49f2ef: runc did not terminate successfully: exit status 1: failed to write "268435456": write /sys/fs/cgroup/memory/berth-testbed/afd17729863c949b95436aaaf1b7c50e6c2aa050b9b169874143915e5b49f2ef/memory.limit_in_bytes: invalid argument^J: unknown';
  expect(shortRefusal(said)).toBe(
    'Cannot update container: failed to write "268435456": write memory.limit_in_bytes: invalid argument',
  );
  expect(shortRefusal('Minimum memory limit allowed is 6MB')).toBe('Minimum memory limit allowed is 6MB');
});
