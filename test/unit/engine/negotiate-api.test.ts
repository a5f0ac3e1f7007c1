import {expect, test} from 'vitest';
import {compareApi, negotiateApi} from '../../../source/engine/client.js';

test('the API version is min(engine, highest berth knows), and refused outside the range', () => {
  expect(negotiateApi({ApiVersion: '1.41', MinAPIVersion: '1.12'})).toBe('1.41');
  expect(negotiateApi({ApiVersion: '1.52', MinAPIVersion: '1.40'})).toBe('1.47');
  // Engine 29.0–29.2 refuse clients below 1.44: 1.47 is still fine.
  expect(negotiateApi({ApiVersion: '1.52', MinAPIVersion: '1.44'})).toBe('1.47');
  expect(() => negotiateApi({ApiVersion: '1.60', MinAPIVersion: '1.50'})).toThrow(
    /requires clients of at least 1\.50.*upgrade berth/,
  );
  expect(() => negotiateApi({ApiVersion: '1.30', MinAPIVersion: '1.12'})).toThrow(
    /older than 1\.41.*upgrade the Docker engine/,
  );
  expect(compareApi('1.9', '1.10')).toBeLessThan(0);
});
