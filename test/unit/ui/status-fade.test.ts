import {afterEach, expect, test, vi} from 'vitest';
import {reduceApp} from '../../../source/ui/reducer.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import type {Action} from '../../../source/store/actions.js';

const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
afterEach(() => vi.useRealTimers());

test('a status message fades once it is a few seconds old and a key acted since; not before', () => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
  const reduce = (state: ReturnType<typeof DEFAULT_VIEWS.initialState>, action: Action) =>
    reduceApp(DEFAULT_VIEWS, state, action);
  let state = reduce(DEFAULT_VIEWS.initialState('t', config), {
    type: 'status',
    text: 'copied 11 lines, 384 bytes',
    kind: 'info',
  });
  // A key at once: the message stays (it was just said).
  state = reduce(state, {type: 'cursor.down'});
  expect(state.status?.text).toBe('copied 11 lines, 384 bytes');
  // Minutes later, with nothing typed: still there.
  vi.setSystemTime(new Date('2026-11-28T12:05:00Z'));
  state = reduce(state, {type: 'containers.usage', usage: {}, version: 1, background: true});
  expect(state.status?.text).toBe('copied 11 lines, 384 bytes');
  // The next key: gone.
  state = reduce(state, {type: 'cursor.down'});
  expect(state.status).toBeUndefined();
});
