import {describe, expect, it} from 'vitest';
import {engineMessage} from '../../../source/engine/engine-error.js';

// As docker-modem builds them: message with its prefix, statusCode, and the parsed body as json.
function modemError(statusCode: number, reason: string, json: unknown): Error {
  const body = json as {message?: string} | string | null;
  const cause = (typeof body === 'object' && body?.message) || body;
  // As docker-modem builds it, [object Object] included for a body without a message.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- reproduces docker-modem's message exactly
  return Object.assign(new Error(`(HTTP code ${statusCode}) ${reason} - ${String(cause)} `), {
    statusCode,
    reason,
    json,
  });
}

describe('engineMessage', () => {
  it("takes the engine's message from the JSON body, trimmed", () => {
    expect(engineMessage(modemError(409, 'unexpected', {message: 'container abc is not running\n'}))).toBe(
      'container abc is not running',
    );
  });

  it('takes a plain-text body when there is no JSON', () => {
    expect(engineMessage(modemError(500, 'server error', '  page not found  '))).toBe('page not found');
  });

  it("falls back to the error's message without docker-modem's prefix", () => {
    expect(
      engineMessage(
        Object.assign(new Error('(HTTP code 404) no such container - gone'), {statusCode: 404, json: {message: ' '}}),
      ),
    ).toBe('gone');
    expect(engineMessage(Object.assign(new Error('(HTTP code 502) unexpected - bad gateway'), {statusCode: 502}))).toBe(
      'bad gateway',
    );
    expect(engineMessage(new Error('connect ECONNREFUSED 127.0.0.1:2375'))).toBe('connect ECONNREFUSED 127.0.0.1:2375');
  });

  it('copes with values that are not errors', () => {
    expect(engineMessage({message: 'plain object'})).toBe('plain object');
    expect(engineMessage('a string')).toBe('a string');
    expect(engineMessage(undefined)).toBe('undefined');
    expect(engineMessage(null)).toBe('null');
  });
});
