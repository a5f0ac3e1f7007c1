import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test} from 'vitest';

import {readDaemonJson} from '../../../source/engine/daemon-config/daemon-json.js';
import {readDockerUnit} from '../../../source/engine/remote-tls/systemd-unit.js';
import {unreadable} from '../../../source/util/unreadable.js';
import {scratchDir} from '../../helpers/scratch.js';

// `setup log-rotation --config DIR` said to run as root: a directory is no permission problem.
test('a directory given for a file is said to be one, with the flag that takes the file', () => {
  const dir = join(scratchDir('berth-unreadable-'), 'conf.d');
  mkdirSync(dir);
  expect(() => readDaemonJson(dir)).toThrow(`${dir}: a directory, not a file; pass --config FILE`);
  expect(() => readDockerUnit(dir)).toThrow(`${dir}: a directory, not a file; pass --unit FILE`);
});

test('a permission problem says so, and how to get past it', () => {
  const denied = Object.assign(new Error('denied'), {code: 'EACCES'});
  expect(unreadable('/etc/docker/daemon.json', denied, '--config')).toBe(
    '/etc/docker/daemon.json: cannot read it (EACCES); run as root (sudo) or pass --config FILE',
  );
  expect(unreadable('/x', Object.assign(new Error('io'), {code: 'EIO'}), '--unit')).toBe(
    '/x: cannot read it (EIO); pass --unit FILE',
  );
});
