import {expect, test} from 'vitest';

import {parseCommandLine} from '../../../source/cli/args.js';
import {doctorCommand} from '../../../source/cli/doctor/doctor-command.js';

// A disk limit is checked before any engine is asked: one of nothing would make the finding warn on every engine.
test.each([
  ['0', /--disk-limit "0": a limit must be above 0; use e.g. 50GB or 500m/],
  ['0GB', /--disk-limit "0GB": a limit must be above 0/],
  ['lots', /--disk-limit "lots": not a size/],
])('--disk-limit %s is refused with the fix', async (limit, message) => {
  const {options} = parseCommandLine(['doctor']);
  await expect(
    doctorCommand({options, json: false, diskLimit: limit, env: {}, stdout: process.stdout}),
  ).rejects.toThrow(message);
});
