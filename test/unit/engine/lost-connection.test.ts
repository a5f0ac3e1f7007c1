import {expect, test} from 'vitest';
import {describeLostConnection} from '../../../source/engine/connection-state.js';

// The banner's reason when the engine goes away: whichever request notices first, it reads as one plain line.
test('a refused or vanished socket after the engine went away says so, naming the engine', () => {
  for (const code of ['ECONNREFUSED', 'ENOENT']) {
    const error = Object.assign(new Error(`connect ${code} /run/docker.sock`), {code});
    const reason = describeLostConnection('unix:///run/docker.sock', error);
    expect(reason).toBe(
      `engine unix:///run/docker.sock: connection refused (${code}): the engine stopped or is restarting`,
    );
  }
  const reset = Object.assign(new Error('read ECONNRESET'), {code: 'ECONNRESET'});
  expect(describeLostConnection('tcp://h:2376', reset)).toMatch(
    /^engine tcp:\/\/h:2376: connection lost \(ECONNRESET\)/,
  );
});
