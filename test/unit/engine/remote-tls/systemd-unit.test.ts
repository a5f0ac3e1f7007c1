import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {DROP_IN_NAME, findDockerUnit, readDockerUnit} from '../../../../source/engine/remote-tls/systemd-unit.js';

const root = mkdtempSync(join(tmpdir(), 'berth-units-'));
afterAll(() => rmSync(root, {recursive: true, force: true}));

const put = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), {recursive: true});
  writeFileSync(join(root, path), text);
};

test("the command the engine starts with now: the unit, then drop-ins in name order, /etc's over /lib's, berth's own left out", () => {
  put(
    'lib/systemd/system/docker.service',
    '[Service]\nEnvironmentFile=-/etc/default/docker\nExecStart=/usr/sbin/dockerd -H fd://\n',
  );
  put(
    'lib/systemd/system/docker.service.d/10-vendor.conf',
    '[Service]\nExecStart=\nExecStart=/usr/sbin/dockerd -H fd:// --vendor\n',
  );
  put(
    'etc/systemd/system/docker.service.d/override.conf',
    '[Service]\nExecStart=\nExecStart=/usr/sbin/dockerd -H fd:// --from-override\n',
  );
  put(
    `etc/systemd/system/docker.service.d/${DROP_IN_NAME}`,
    '[Service]\nExecStart=\nExecStart=/usr/sbin/dockerd --old-berth\n',
  );
  const found = findDockerUnit(root)!;
  expect(found.unitFile).toBe(join(root, 'lib/systemd/system/docker.service'));
  expect(found.dropIns).toEqual([
    join(root, 'lib/systemd/system/docker.service.d/10-vendor.conf'),
    join(root, 'etc/systemd/system/docker.service.d/override.conf'),
  ]);
  const unit = readDockerUnit(found.unitFile, found.dropIns);
  expect(unit.execStart).toBe('/usr/sbin/dockerd -H fd:// --from-override');
  expect(unit.execStartFrom).toContain('override.conf');
  expect(unit.environmentFiles).toEqual([{file: '/etc/default/docker', optional: true}]);
});

test('two ExecStart lines without a reset (systemd refuses that unit too) are refused', () => {
  put('two/docker.service', '[Service]\nExecStart=/usr/sbin/dockerd\nExecStart=/usr/sbin/dockerd -D\n');
  expect(() => readDockerUnit(join(root, 'two/docker.service'))).toThrow(/2 ExecStart lines/);
});
