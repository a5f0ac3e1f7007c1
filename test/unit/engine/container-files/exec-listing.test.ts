import {describe, expect, test} from 'vitest';
import {LIST_SCRIPT, parseListing} from '../../../../source/engine/container-files/exec-listing.js';

describe('a busybox listing', () => {
  test('names owners from /etc/passwd and /etc/group sent once, numbers when no line names them', () => {
    const passwd = 'root:x:0:0:root:/root:/bin/sh\nalice:x:1234:1234::/home/alice:/bin/sh\nalias:x:1234:1::/:/bin/sh\n';
    const group = 'root:x:0:\nstaff:x:1234:\n';
    const stats = [
      '81a4|82|0|0|1700000000|/etc/passwd|/etc/passwd',
      '81a4|5|1234|1234|1700000001|/etc/a|b|/etc/a|b',
      "a1ff|12|4321|4321|1700000002|/etc/mtab|'/etc/mtab' -> '/proc/mounts'",
    ].join('\n');
    const listing = parseListing(`B\n${passwd}\0${group}\0${stats}\n`);
    expect(listing?.entries.map(e => [e.name, e.kind, e.owner, e.group, e.size, e.linkTarget])).toEqual([
      ['passwd', 'file', 'root', 'root', 82, undefined],
      ['a|b', 'file', 'alice', 'staff', 5, undefined],
      ['mtab', 'symlink', '4321', '4321', 12, '/proc/mounts'],
    ]);
    expect(listing?.truncated).toBe(false);
  });

  test('the script asks stat for numbers only (no name lookup per file)', () => {
    expect(LIST_SCRIPT).not.toMatch(/%U|%G/);
    expect(LIST_SCRIPT).toContain('cat /etc/passwd');
  });
});
