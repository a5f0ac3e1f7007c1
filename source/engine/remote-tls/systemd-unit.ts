import {unreadable} from '../../util/unreadable.js';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {basename, join} from 'node:path';
import {BerthError} from '../../errors.js';

// Drop-ins apply in the lexical order of their names and the last ExecStart wins: "zz-" puts berth's after a
// user's override.conf, whose ExecStart (if any) is the command berth restates.
export const DROP_IN_NAME = 'zz-berth-remote.conf';
export const DROP_IN_DIR = '/etc/systemd/system/docker.service.d';
export const SERVER_TLS_DIR = '/etc/docker/tls';

// systemd's unit search path, most important first (systemd.unit(5)).
const UNIT_DIRS = [
  '/etc/systemd/system',
  '/run/systemd/system',
  '/usr/local/lib/systemd/system',
  '/usr/lib/systemd/system',
  '/lib/systemd/system',
];

export type DockerUnit = {
  unitFile: string;
  // Drop-ins already installed (other than berth's own), in the order systemd applies them.
  dropIns: string[];
  // The dockerd command line the engine starts with now, as written (with systemd's prefix characters and $VARS).
  execStart: string;
  // Where that line came from.
  execStartFrom: string;
  environmentFiles: {file: string; optional: boolean}[];
};

export function findDockerUnit(root = ''): {unitFile: string; dropIns: string[]} | undefined {
  const unitFile = UNIT_DIRS.map(dir => join(root, dir, 'docker.service')).find(file => existsSync(file));
  if (!unitFile) return undefined;
  const byName = new Map<string, string>();
  for (const dir of [...UNIT_DIRS].reverse()) {
    const dropInDir = join(root, dir, 'docker.service.d');
    if (!existsSync(dropInDir)) continue;
    for (const name of readdirSync(dropInDir))
      if (name.endsWith('.conf') && name !== DROP_IN_NAME) byName.set(name, join(dropInDir, name));
  }
  return {unitFile, dropIns: [...byName.keys()].sort().map(name => byName.get(name)!)};
}

type Assignment = {key: string; value: string; file: string};

// [Service] assignments of a unit file, with backslash continuations joined and comments dropped.
export function serviceAssignments(text: string, file: string): Assignment[] {
  const out: Assignment[] = [];
  let section = '';
  // One iterator, so that a continuation takes the lines it joins from the loop.
  const lines = text.split(/\r?\n/)[Symbol.iterator]();
  for (const raw of lines) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    for (let next = line.endsWith('\\') ? lines.next() : undefined; next && !next.done;) {
      line = `${line.slice(0, -1).trimEnd()} ${next.value.trim()}`;
      next = line.endsWith('\\') ? lines.next() : undefined;
    }
    if (line.startsWith('[')) {
      section = line;
      continue;
    }
    if (section !== '[Service]') continue;
    const equals = line.indexOf('=');
    if (equals < 0) continue;
    out.push({key: line.slice(0, equals).trim(), value: line.slice(equals + 1).trim(), file});
  }
  return out;
}

export function readDockerUnit(unitFile: string, dropIns: string[] = []): DockerUnit {
  const assignments = [unitFile, ...dropIns].flatMap(file => {
    try {
      return serviceAssignments(readFileSync(file, 'utf8'), file);
    } catch (error) {
      throw new BerthError(unreadable(file, error, '--unit'));
    }
  });
  let starts: Assignment[] = [];
  const environmentFiles: DockerUnit['environmentFiles'] = [];
  for (const assignment of assignments) {
    if (assignment.key === 'ExecStart') starts = assignment.value === '' ? [] : [...starts, assignment];
    if (assignment.key === 'EnvironmentFile') {
      if (assignment.value === '') environmentFiles.length = 0;
      else
        environmentFiles.push({file: assignment.value.replace(/^-/, ''), optional: assignment.value.startsWith('-')});
    }
  }
  const [start, ...otherStarts] = starts;
  if (!start || otherStarts.length) {
    throw new BerthError(
      `${unitFile}${dropIns.length ? ` (with ${dropIns.map(f => basename(f)).join(', ')})` : ''}: ${starts.length === 0 ? 'no ExecStart' : `${starts.length} ExecStart lines`}; berth needs the one dockerd command the engine starts with — check the unit (systemctl cat docker)`,
    );
  }
  return {unitFile, dropIns, execStart: start.value, execStartFrom: start.file, environmentFiles};
}

// Words of a command line as systemd splits them (double and single quotes; no backslash escapes needed here).
export function splitCommand(line: string): string[] {
  return line.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
}

export type DropInRequest = {listen: {ip: string; port: number}[]; tlsDir: string};

export type DropIn = {text: string; execStart: string; notes: string[]};

const TLS_FLAGS = /^--(tlsverify|tlscacert|tlscert|tlskey|tls)(=|$)/;

// The unit's own dockerd line, with -H tcp://…  --tlsverify … added; refuses lines berth cannot extend safely.
export function buildDropIn(
  unit: DockerUnit,
  request: DropInRequest,
  environment: Record<string, string> = {},
  now = new Date(),
): DropIn {
  const notes: string[] = [];
  const words = splitCommand(unit.execStart);
  const program = (words[0] ?? '').replace(/^[-@:+!]+/, '');
  if (basename(program) !== 'dockerd') {
    throw new BerthError(
      `${unit.execStartFrom}: ExecStart runs "${program}", not dockerd; berth only extends a dockerd command line — write the drop-in by hand`,
    );
  }
  const hostFlags = (list: string[]) =>
    list.filter(
      (word, i) =>
        word === '-H' ||
        word === '--host' ||
        /^(-H|--host)=?\S/.test(word) ||
        (i > 0 && (list[i - 1] === '-H' || list[i - 1] === '--host')),
    );
  const tlsInLine = words.filter(word => TLS_FLAGS.test(word));
  if (tlsInLine.length) {
    throw new BerthError(
      `${unit.execStartFrom}: dockerd already starts with ${tlsInLine.join(' ')}; a second set of TLS flags would stop it from starting — remove them there first`,
    );
  }
  for (const [name, value] of Object.entries(environment)) {
    if (!unit.execStart.includes(`$${name}`) && !unit.execStart.includes(`\${${name}}`)) continue;
    const expanded = splitCommand(value);
    const tls = expanded.filter(word => TLS_FLAGS.test(word));
    if (tls.length)
      throw new BerthError(
        `$${name} (from the unit's EnvironmentFile) already adds ${tls.join(' ')}; remove it there first, or dockerd would get the TLS flags twice`,
      );
    const hosts = hostFlags(expanded);
    if (hosts.length)
      notes.push(`$${name} (from the unit's EnvironmentFile) adds ${hosts.join(' ')}; dockerd will listen there too`);
  }
  const listenWords = hostFlags(words);
  const usesVariables = /\$\{?[A-Za-z_]/.test(unit.execStart);
  const extra: string[] = [];
  if (listenWords.length === 0 && !Object.values(environment).some(value => hostFlags(splitCommand(value)).length)) {
    // dockerd listens on its default socket only while no -H is given: keep it when adding TCP.
    extra.push('-H', 'unix:///var/run/docker.sock');
    notes.push(
      `the unit gives dockerd no -H${usesVariables ? ' (outside its variables)' : ''}, so -H unix:///var/run/docker.sock is added to keep the local socket`,
    );
  }
  for (const {ip, port} of request.listen) extra.push('-H', `tcp://${ip.includes(':') ? `[${ip}]` : ip}:${port}`);
  extra.push(
    '--tlsverify',
    `--tlscacert=${request.tlsDir}/ca.pem`,
    `--tlscert=${request.tlsDir}/server-cert.pem`,
    `--tlskey=${request.tlsDir}/server-key.pem`,
  );
  const execStart = `${unit.execStart} ${extra.join(' ')}`;
  const text = [
    `# Written by berth setup remote on ${now.toISOString()}: dockerd also listens on ${request.listen.map(l => `tcp://${l.ip}:${l.port}`).join(', ')}`,
    '# with TLS and client certificates. The command line is the one from',
    `# ${unit.execStartFrom}, extended. To undo: remove this file, then`,
    '# systemctl daemon-reload && systemctl restart docker',
    '[Service]',
    // An empty ExecStart= clears the unit's: a service that is not oneshot may have only one.
    'ExecStart=',
    `ExecStart=${execStart}`,
    '',
  ].join('\n');
  return {text, execStart, notes};
}

// KEY=value lines of an EnvironmentFile (systemd.exec(5): comments, optional quotes).
export function readEnvironmentFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const [, name, value] = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line) ?? [];
    if (name === undefined || value === undefined) continue;
    out[name] = value.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  }
  return out;
}
