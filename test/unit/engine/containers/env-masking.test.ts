import {expect, test} from 'vitest';
import {splitEnv} from '../../../../source/engine/containers/operations.js';

// v shows a container's environment with secrets masked until m: a secret-looking name masks the whole value; a value
// that holds credentials under an ordinary name (DATABASE_URL) is shown with them masked, the value kept for m.
test('credentials inside values are masked, not only secret-looking names', () => {
  expect(
    splitEnv([
      'DATABASE_URL=postgres://user:pw123@db/x',
      'DB_DSN=host=db user=app password=abc',
      'API_TOKEN=t0k3n',
      'PATH=/usr/bin',
      'EMPTY',
    ]),
  ).toEqual([
    {
      key: 'DATABASE_URL',
      value: 'postgres://user:pw123@db/x',
      secret: false,
      masked: 'postgres://user:••••@db/x',
    },
    {key: 'DB_DSN', value: 'host=db user=app password=abc', secret: false, masked: 'host=db user=app password=••••'},
    {key: 'API_TOKEN', value: 't0k3n', secret: true},
    {key: 'PATH', value: '/usr/bin', secret: false},
    {key: 'EMPTY', value: '', secret: false},
  ]);
});
