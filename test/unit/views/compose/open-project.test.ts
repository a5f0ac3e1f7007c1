import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {loadUiState, saveSorts, saveUiState, loadSorts} from '../../../../source/config/saved-sorts.js';
import {localProject} from '../../../../source/engine/compose/project.js';
import {composeArgs, type ComposeRunner} from '../../../../source/engine/compose/runner.js';
import {parseOpenProject, profileWords} from '../../../../source/views/compose/commands.js';

const dir = mkdtempSync(join(tmpdir(), 'berth-open-project-'));
mkdirSync(join(dir, 'app'));
for (const file of ['app/a.yml', 'app/b.yml', 'app/my.env', 'app/compose.yaml']) writeFileSync(join(dir, file), '');
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const V1: ComposeRunner = {kind: 'v1', program: 'docker-compose', version: '1.29.2'};

describe(':compose DIR and :compose -f … as the compose CLI takes them', () => {
  test('a directory: its compose file, named after it', () => {
    const {opened, profiles} = parseOpenProject(['app'], dir);
    expect(opened).toEqual({cwd: join(dir, 'app'), files: []});
    expect(profiles).toEqual([]);
    expect(localProject(opened)).toMatchObject({name: 'app', files: [join(dir, 'app/compose.yaml')]});
  });
  test('-f twice, --env-file, --profile (repeated or with =), -p', () => {
    const {opened, profiles} = parseOpenProject(
      [
        '-f',
        'app/a.yml',
        '--file=app/b.yml',
        '--env-file',
        'app/my.env',
        '--profile',
        'debug',
        '--profile=extra',
        '-p',
        'shop',
      ],
      dir,
    );
    expect(opened).toEqual({cwd: dir, files: ['app/a.yml', 'app/b.yml'], envFile: 'app/my.env', name: 'shop'});
    expect(profiles).toEqual(['debug', 'extra']);
    const project = localProject(opened);
    expect(project).toMatchObject({
      name: 'shop',
      workingDir: join(dir, 'app'),
      files: [join(dir, 'app/a.yml'), join(dir, 'app/b.yml')],
      envFile: join(dir, 'app/my.env'),
    });
    // The argv: files, project directory, then --env-file and each --profile, before the operation.
    if (!project) throw new Error('no project');
    expect(composeArgs(V1, {...project, profiles}, {op: 'up'}).args).toEqual([
      '--ansi',
      'never',
      '--project-name=shop',
      `--file=${join(dir, 'app/a.yml')}`,
      `--file=${join(dir, 'app/b.yml')}`,
      `--project-directory=${join(dir, 'app')}`,
      `--env-file=${join(dir, 'app/my.env')}`,
      '--profile=debug',
      '--profile=extra',
      'up',
      '-d',
    ]);
  });
  test('what is missing or wrong is said before anything runs', () => {
    expect(() => parseOpenProject(['-f', 'app/none.yml'], dir)).toThrow(/none\.yml: no such file/);
    expect(() => parseOpenProject(['nowhere'], dir)).toThrow(/is not a directory/);
    expect(() => parseOpenProject(['--env-file'], dir)).toThrow('--env-file needs a value');
    expect(() => parseOpenProject(['--pull'], dir)).toThrow(/unknown option "--pull"/);
    expect(() => parseOpenProject(['app', 'app'], dir)).toThrow(/one directory at most/);
  });
});

describe('profiles', () => {
  test('spaces or commas, each once, checked as compose checks a name', () => {
    expect(profileWords('debug, extra debug')).toEqual(['debug', 'extra']);
    expect(profileWords('  ')).toEqual([]);
    expect(() => profileWords('ok -bad')).toThrow(/"-bad" is not a profile name/);
  });
  test('remembered in the UI state file next to the sorts, each part kept when the other is written', () => {
    const file = join(dir, 'state', 'ui-state.json');
    saveSorts(file, {images: {column: 'size', descending: true}});
    saveUiState(file, 'composeProfiles', {shop: ['debug']});
    saveSorts(file, {images: {column: 'name', descending: false}});
    const isProfiles = (v: unknown): v is string[] => Array.isArray(v);
    expect(loadUiState(file, 'composeProfiles', isProfiles)).toEqual({shop: ['debug']});
    expect(loadSorts(file)).toEqual({images: {column: 'name', descending: false}});
    writeFileSync(file, '{broken');
    expect(loadUiState(file, 'composeProfiles', isProfiles)).toEqual({});
    saveUiState(file, 'composeProfiles', {});
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({composeProfiles: {}});
  });
});
