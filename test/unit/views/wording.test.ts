import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {counted} from '../../../source/text/plural.js';
import {Controller} from '../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import {unitConfig} from '../../helpers/app-state.js';

// Singular for one, and possessives that agree with what they own.
test('counted: one tag, two tags, 1,024 files, one repository', () => {
  expect(counted(1, 'tag')).toBe('1 tag');
  expect(counted(0, 'tag')).toBe('0 tags');
  expect(counted(1024, 'file')).toBe('1,024 files');
  expect(counted(1, 'more line')).toBe('1 more line');
  expect(counted(2, 'repository', 'repositories')).toBe('2 repositories');
});

const dir = mkdtempSync(join(tmpdir(), 'berth-wording-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

test.each([
  [':save web:1 FILE', "Replace it with the image's archive?"],
  [':save web:1 db:2 FILE', "Replace it with the images' archive?"],
  [':export web-1 FILE', "Replace it with the container's archive?"],
])('%s over an existing file asks "%s"', async (line, question) => {
  const file = join(dir, 'there.tar');
  writeFileSync(file, '');
  const c = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS);
  c.dispatch({type: 'command.open'});
  c.dispatch({type: 'overlay.draft', draft: line.replace('FILE', file)});
  c.dispatch({type: 'overlay.submit'});
  await expect.poll(() => c.store.get().overlay?.kind).toBe('confirm');
  const overlay = c.store.get().overlay;
  expect(overlay?.kind === 'confirm' && overlay.confirm.title).toBe(`${file} exists. ${question}`);
});
