import {describe, expect, test} from 'vitest';
import {maskCredentials, maskedIfCredentials} from '../../../source/text/credentials.js';

const mask = (text: string) => maskCredentials(text, '••••');

describe('credentials inside a value are masked, the rest kept', () => {
  test.each([
    ['postgres://user:pw123@db/x', 'postgres://user:••••@db/x'],
    ['redis://:s3cret@cache:6379/0', 'redis://:••••@cache:6379/0'],
    // An unescaped @ in the password: up to the last @ before the path.
    ['mongodb+srv://u:p@ss@cluster/db?retryWrites=true', 'mongodb+srv://u:••••@cluster/db?retryWrites=true'],
    ['amqp://a:b@mq,amqp://c:d@mq2', 'amqp://a:••••@mq,amqp://c:••••@mq2'],
    ['Server=db;User Id=sa;Password=Hunter2!;Database=x', 'Server=db;User Id=sa;Password=••••;Database=x'],
    ['host=db user=app password=abc dbname=x', 'host=db user=app password=•••• dbname=x'],
    ["host=db password='a b c' port=5432", 'host=db password=•••• port=5432'],
    ['jdbc:mysql://db/x?user=a&password=b&ssl=true', 'jdbc:mysql://db/x?user=a&password=••••&ssl=true'],
    ['https://api/x?api_key=abc123&q=1', 'https://api/x?api_key=••••&q=1'],
    ['Driver={x};Uid=u;Pwd=p;', 'Driver={x};Uid=u;Pwd=••••;'],
    ['{"db":{"password":"x\\"y","user":"u"}}', '{"db":{"password":"••••","user":"u"}}'],
    ['Authorization: Bearer abcdefghijklmnop', 'Authorization: Bearer ••••'],
    ['-----BEGIN RSA PRIVATE KEY-----\nMIIEow', '••••'],
  ])('%s', (value, shown) => expect(mask(value)).toBe(shown));

  test.each(['http://example.com/path', 'https://user@host/x', 'bypass=1 compass=2', 'time=12:30', 'web-1', ''])(
    '%j holds none: unchanged',
    value => {
      expect(mask(value)).toBe(value);
      expect(maskedIfCredentials(value, '••••')).toBeUndefined();
    },
  );

  test('invisible characters do not hide a key from the mask', () => {
    expect(maskedIfCredentials('user=a pass\u200Bword=b', '••••')).toBe('user=a password=••••');
  });
});
