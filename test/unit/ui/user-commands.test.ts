import {mkdtempSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {loadConfig} from '../../../source/config.js';
import {engineEnv} from '../../../source/engine/user-commands/engine-env.js';
import {checkCommand, expandCommand} from '../../../source/engine/user-commands/template.js';
import {SHELL_COMMANDS} from '../../../source/ui/commands.js';
import {completeCommandLine} from '../../../source/ui/complete.js';
import {buildKeymap} from '../../../source/ui/keymap.js';
import {DEFAULT_VIEWS, ViewSet} from '../../../source/ui/view-set.js';
import {userCommandsModule} from '../../../source/views/user-commands/index.js';
import {scratchDir} from '../../helpers/scratch.js';
import {unitConfig} from '../../helpers/app-state.js';

const scratch = scratchDir('berth-usercmd-unit-');
const write = (text: string) => {
  const file = join(mkdtempSync(join(scratch, 'config-')), 'config.yml');
  writeFileSync(file, text);
  return file;
};

const item = {
  fields: {Name: 'web; rm -rf / #', ID: 'abc', Image: 'img "quoted"'},
  labels: {note: "a b $(id) `id` 'x' ; touch /tmp/pwned"},
};

describe('command templates', () => {
  test('each argument expands on its own: spaces, quotes, ; and $(…) in a value stay inside one argument', () => {
    expect(
      expandCommand(
        ['docker', 'logs', '{{.Name}}', '--label={{.Label "note"}}', '{{ index .Labels "note" }}', 'x{{.Image}}y'],
        item,
      ),
    ).toEqual([
      'docker',
      'logs',
      'web; rm -rf / #',
      "--label=a b $(id) `id` 'x' ; touch /tmp/pwned",
      "a b $(id) `id` 'x' ; touch /tmp/pwned",
      'ximg "quoted"y',
    ]);
    expect(expandCommand(['echo', '{{.Label "missing"}}'], item)).toEqual(['echo', '']);
    // Environment values: one argument each too, and *** wherever berth shows or logs the command.
    const withEnv = {...item, env: {TOKEN: 's3cret; $(id) "x"'}};
    expect(expandCommand(['curl', '-H', 'Authorization: {{.Env "TOKEN"}}'], withEnv)).toEqual([
      'curl',
      '-H',
      'Authorization: s3cret; $(id) "x"',
    ]);
    expect(expandCommand(['curl', '-H', 'Authorization: {{.Env "TOKEN"}}'], withEnv, {maskEnv: true})).toEqual([
      'curl',
      '-H',
      'Authorization: ***',
    ]);
    // docker's own templates after --format / -f pass through untouched.
    expect(
      expandCommand(
        ['docker', 'inspect', '--format', '{{.State.Status}}', '-f', '{{.Name}}', '--format={{json .}}', '{{.Name}}'],
        item,
      ),
    ).toEqual([
      'docker',
      'inspect',
      '--format',
      '{{.State.Status}}',
      '-f',
      '{{.Name}}',
      '--format={{json .}}',
      'web; rm -rf / #',
    ]);
  });

  test('what would need a shell, or feed one, is refused with the way to write it', () => {
    const fields = ['Name', 'ID'];
    expect(checkCommand(['docker', 'logs', '{{.Name}}'], {fields, labels: true})).toEqual([]);
    expect(checkCommand(['docker', 'logs', '{{.Name}}', '|', 'grep', 'x'], {fields, labels: true}).join()).toMatch(
      /"\|" needs a shell/,
    );
    expect(checkCommand(['echo', '$(id)'], {fields, labels: true}).join()).toMatch(
      /needs a shell \(command substitution\)/,
    );
    expect(checkCommand(['sh', '-c', 'echo {{.Name}}'], {fields, labels: true}).join()).toMatch(
      /a field inside the shell script .* use "\$1"/,
    );
    expect(checkCommand(['sh', '-c', 'echo "$1" | wc -c', 'sh', '{{.Name}}'], {fields, labels: true})).toEqual([]);
    expect(checkCommand(['echo', '{{.Nmae}}'], {fields, labels: true}).join()).toMatch(
      /\{\{\.Nmae\}\} is not a field of this scope \(fields: Name, ID/,
    );
    expect(checkCommand(['echo', '{{.Label "x"}}'], {fields, labels: false}).join()).toMatch(/no labels/);
    expect(checkCommand(['echo', '{{printf "%s" .Name}}'], {fields, labels: true}).join()).toMatch(
      /not a field berth knows/,
    );
    expect(checkCommand(['echo', '{{.Env "A"}}'], {fields, labels: true}).join()).toMatch(
      /only containers have an environment/,
    );
    expect(checkCommand(['echo', '{{.Env "A"}}'], {fields, labels: true, env: true})).toEqual([]);
  });
});

describe('config commands:', () => {
  test('entries are read; a broken entry is reported like a bad key and left out', async () => {
    const file = write(`commands:
  - {name: logs1, key: U, scope: containers, command: [docker, logs, "{{.Name}}"], output: pane}
  - {name: shell1, scope: containers, command: [docker, exec, -it, "{{.ID}}", sh], output: terminal, confirm: true}
  - {name: quiet, scope: volumes, command: [touch, "/tmp/{{.Name}}"], output: none, confirm: "Really?"}
  - {name: str, scope: containers, command: "docker logs {{.Name}} | grep x"}
  - {name: odd, scope: containers, command: [x], output: popup}
  - {name: extra, scope: containers, command: [x], colour: red}
  - {scope: containers, command: [x]}
`);
    const {config, problems} = await loadConfig(file, {});
    expect(config.commands.map(c => [c.name, c.output, c.confirm ?? false])).toEqual([
      ['logs1', 'pane', false],
      ['shell1', 'terminal', true],
      ['quiet', 'none', 'Really?'],
    ]);
    const text = problems.join('\n');
    expect(text).toMatch(/commands\[3\] \(str\) command must be a list of arguments, not a shell string/);
    expect(text).toMatch(/commands\[4\] \(odd\) output must be pane, terminal, none/);
    expect(text).toMatch(/commands\[5\] \(extra\) has unknown field colour/);
    expect(text).toMatch(/commands\[6\] name must be a word/);
  });

  test('scope, fields, built-in names and keys are checked against the views; the accepted ones get a key, a :command and help', async () => {
    const file = write(`commands:
  - {name: logs1, key: U, scope: containers, command: [docker, logs, "{{.Name}}"]}
  - {name: nowhere, scope: compose-ish, command: [x]}
  - {name: stop, scope: containers, command: [x]}
  - {name: typo, scope: images, command: [docker, rmi, "{{.Label \\"x\\"}}"]}
  - {name: clash, key: d, scope: volumes, command: [echo, "{{.Name}}"]}
  - {name: glob, key: ctrl-g, scope: global, command: [docker, system, df]}
  - {name: ps, scope: compose, command: [docker-compose, -p, "{{.Project}}", --project-directory, "{{.WorkingDir}}", ps]}
`);
    const {config} = await loadConfig(file, {});
    const builtin = [...DEFAULT_VIEWS.commands(), ...SHELL_COMMANDS].map(c => c.name);
    const built = userCommandsModule(config.commands, DEFAULT_VIEWS.views, buildKeymap(DEFAULT_VIEWS), builtin, file);
    const text = built.problems.join('\n');
    expect(text).toMatch(
      /\(nowhere\) scope "compose-ish" is not a view with rows \(containers, images, compose, volumes, networks\) or global/,
    );
    expect(text).toMatch(/\(stop\) name "stop" is a built-in command/);
    expect(text).toMatch(/\(typo\) command: .*this scope has no labels/);
    expect(text).toMatch(/\(clash\) key "d" is already volumes.remove there; :clash still runs it/);
    expect(built.commands.map(c => c.name)).toEqual(['logs1', 'clash', 'glob', 'ps']);
    expect(built.module.bindings?.map(b => `${b.scope} ${b.keys[0]} ${b.action}`)).toEqual([
      'containers U user.logs1',
      'global ctrl-g user.glob',
    ]);
    expect(built.module.bindings?.every(b => b.changes && b.footer)).toBe(true);
    const views = new ViewSet(DEFAULT_VIEWS.views, [...DEFAULT_VIEWS.panes, built.module]);
    expect(views.commands().map(c => c.name)).toContain('clash');
    // : completion knows them.
    const state = views.initialState('t', unitConfig);
    expect(completeCommandLine('cla', 3, views.commands(), state)).toEqual({draft: 'clash ', cursor: 6});
    expect(completeCommandLine('at', 2, views.commands(), state)).toEqual({draft: 'attach ', cursor: 7});
    expect(
      completeCommandLine('pr', 2, [...views.commands(), {name: 'print', usage: '', run: () => undefined}], state),
    ).toMatchObject({draft: 'pr', cursor: 2, candidates: ['print', 'profile', 'prune']});
  });
});

describe('the engine settings a command gets', () => {
  const tls = {verify: true, caFile: '/certs/ca.pem', certFile: '/certs/cert.pem', keyFile: '/certs/key.pem'};
  test('DOCKER_HOST with TLS files, or DOCKER_CONTEXT; never what the shell had', () => {
    const env = engineEnv(
      {
        url: 'tcp://10.0.0.5:2375',
        kind: 'tcp',
        host: '10.0.0.5',
        port: 2375,
        tls,
        context: 'default',
        source: 'flag',
        unencrypted: false,
      },
      {PATH: '/bin', DOCKER_CONTEXT: 'stale', DOCKER_CERT_PATH: '/old'},
    );
    expect(env).toEqual({
      PATH: '/bin',
      DOCKER_HOST: 'tcp://10.0.0.5:2375',
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: '/certs',
    });
    const context = engineEnv(
      {url: 'tcp://h:1', kind: 'tcp', context: 'prod', source: 'context', unencrypted: false},
      {DOCKER_HOST: 'tcp://other:2', PATH: '/bin'},
    );
    expect(context).toEqual({PATH: '/bin', DOCKER_CONTEXT: 'prod'});
  });
});
