import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import {isIP} from 'node:net';
import {dirname, join, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {parseArgsMessage} from '../parse-args-error.js';
import {logCommand, shellQuote} from '../../command-log.js';
import {BerthError, UsageError, errorMessage} from '../../errors.js';
import {connectEngine} from '../../engine/client.js';
import {defaultDaemonJsonPath} from '../../engine/daemon-config/daemon-json.js';
import {makeCertificates} from '../../engine/remote-tls/certificates.js';
import {refuseDaemonJsonConflicts} from '../../engine/remote-tls/daemon-conflicts.js';
import {systemctl, systemdState} from '../../engine/remote-tls/systemd.js';
import {
  DROP_IN_DIR,
  DROP_IN_NAME,
  SERVER_TLS_DIR,
  buildDropIn,
  findDockerUnit,
  readDockerUnit,
  readEnvironmentFile,
} from '../../engine/remote-tls/systemd-unit.js';
import {resolveEngineTarget} from '../../engine/target.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {SetupIo} from './log-rotation-command.js';
import {REMOTE_USAGE} from './usage.js';

const DNS_NAME = /^(?=.{1,253}$)(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        ip: {type: 'string', multiple: true},
        dns: {type: 'string', multiple: true},
        port: {type: 'string', default: '2376'},
        out: {type: 'string'},
        days: {type: 'string', default: '365'},
        unit: {type: 'string'},
        config: {type: 'string'},
        'tls-dir': {type: 'string', default: SERVER_TLS_DIR},
        apply: {type: 'boolean', default: false},
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(`${parseArgsMessage(error, argv)}; usage: ${REMOTE_USAGE}`);
  }
}

export async function remoteCommand(argv: string[], io: SetupIo): Promise<number> {
  const values = parse(argv);
  const ips = values.ip ?? [];
  const dnsNames = values.dns ?? [];
  const [firstIp] = ips;
  if (firstIp === undefined)
    throw new UsageError(
      `--ip ADDR is required: the address dockerd listens on and clients connect to; usage: ${REMOTE_USAGE}`,
    );
  for (const ip of ips) {
    if (!isIP(ip)) throw new UsageError(`--ip "${ip}": not an IP address; give e.g. --ip 10.0.0.5 (names go on --dns)`);
    if (ip === '0.0.0.0' || ip === '::')
      throw new UsageError(
        `--ip ${ip}: clients cannot connect to it, and a certificate cannot name it; give the address clients use, e.g. --ip 10.0.0.5`,
      );
  }
  for (const name of dnsNames)
    if (!DNS_NAME.test(name))
      throw new UsageError(`--dns "${name}": not a DNS name; give e.g. --dns docker.example.com`);
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port < 1 || port > 65535)
    throw new UsageError(`--port "${values.port}": not a TCP port (1-65535); 2376 is Docker's TLS port`);
  const days = Number(values.days);
  if (!/^\d+$/.test(values.days) || days < 1)
    throw new UsageError(`--days "${values.days}": not a positive number of days`);
  if (!values.out)
    throw new UsageError(
      `--out DIR is required: where the certificates and the drop-in are written; usage: ${REMOTE_USAGE}`,
    );
  const out = resolve(values.out);
  if (existsSync(out) && !statSync(out).isDirectory())
    throw new UsageError(`--out ${out}: a file, not a directory; give a new or empty directory`);
  if (existsSync(out) && readdirSync(out).length > 0)
    throw new UsageError(
      `--out ${out}: the directory is not empty; give a new or empty directory (berth never overwrites keys)`,
    );
  const tlsDir = resolve(values['tls-dir']);
  const write = (line = '') => io.stdout.write(`${sanitizeLine(line)}\n`);

  // Everything that could refuse does so before a single file is written.
  const daemonJson = values.config || defaultDaemonJsonPath(io.env, io.uid);
  refuseDaemonJsonConflicts(daemonJson);
  // systemd's directories under another root: a system image being prepared, or the tests' stand-in systemd.
  const systemRoot = io.env.BERTH_SYSTEM_ROOT || '';
  const dropInTarget = join(systemRoot, DROP_IN_DIR, DROP_IN_NAME);
  const found = values.unit ? {unitFile: values.unit, dropIns: []} : findDockerUnit(systemRoot);
  if (!found)
    throw new BerthError(
      "no docker.service found in systemd's unit directories (/etc/systemd/system, /lib/systemd/system, …); pass --unit FILE",
    );
  if (values.unit && !existsSync(values.unit)) throw new UsageError(`--unit ${values.unit}: file not found`);
  const unit = readDockerUnit(found.unitFile, found.dropIns);
  const environment = Object.assign(
    {},
    ...unit.environmentFiles.filter(f => existsSync(f.file)).map(f => readEnvironmentFile(f.file)),
  ) as Record<string, string>;
  const listen = ips.map(ip => ({ip, port}));
  const dropIn = buildDropIn(unit, {listen, tlsDir}, environment);
  if (values.apply) {
    const state = systemdState(join(systemRoot || '/', 'run/systemd/system'));
    if (!state.usable) {
      write(`--apply: ${state.reason}.`);
      write(
        'Nothing was written, installed or restarted. Run without --apply to get the files and the commands to run on a host where systemd manages docker.',
      );
      return 1;
    }
  }

  mkdirSync(out, {recursive: true, mode: 0o700});
  const files = makeCertificates(out, {ips, dnsNames, days});
  const dropInDir = join(out, 'docker.service.d');
  mkdirSync(dropInDir, {recursive: true});
  const dropInFile = join(dropInDir, DROP_IN_NAME);
  writeFileSync(dropInFile, dropIn.text, {mode: 0o644, flag: 'wx'});

  const address = `${firstIp.includes(':') ? `[${firstIp}]` : firstIp}:${port}`;
  write(`wrote ${out}:`);
  write(
    `  ca/ca.pem, ca/ca-key.pem        the CA (${days < 3650 ? 3650 : days} days); keep ca-key.pem offline: it signs new client certificates`,
  );
  write(
    `  server/ca.pem, server-cert.pem, server-key.pem   for dockerd, to go into ${tlsDir}/ (SANs: ${[...ips.map(i => `IP:${i}`), ...dnsNames.map(n => `DNS:${n}`)].join(', ')})`,
  );
  write('  client/ca.pem, cert.pem, key.pem   the client bundle (keys are mode 0600)');
  write(`  docker.service.d/${DROP_IN_NAME}   the systemd drop-in, from ${unit.execStartFrom}:`);
  for (const line of dropIn.text.trimEnd().split('\n')) write(`      ${line}`);
  for (const note of dropIn.notes) write(`note: ${note}`);
  const steps = [
    ['install', '-d', '-m', '0755', tlsDir],
    ['install', '-m', '0644', join(files.serverDir, 'ca.pem'), join(files.serverDir, 'server-cert.pem'), tlsDir],
    ['install', '-m', '0600', join(files.serverDir, 'server-key.pem'), tlsDir],
    ['install', '-D', '-m', '0644', dropInFile, dropInTarget],
    ['systemctl', 'daemon-reload'],
    ['systemctl', 'restart', 'docker'],
  ];
  write('');
  write(values.apply ? 'applying:' : 'to install (as root), or run again with --apply:');
  for (const step of steps) write(`  ${step.map(shellQuote).join(' ')}`);
  let code = 0;
  if (values.apply)
    code = await apply(files.serverDir, files.clientDir, dropInFile, dropInTarget, tlsDir, address, write, io.env);
  write('');
  write('use the client bundle, either through the environment:');
  write(`  export DOCKER_HOST=tcp://${address} DOCKER_TLS_VERIFY=1 DOCKER_CERT_PATH=${shellQuote(files.clientDir)}`);
  write('or as a docker context (berth --context NAME and the docker CLI both read it):');
  const context = `remote-${(dnsNames[0] ?? firstIp).replace(/[^A-Za-z0-9_.-]/g, '-')}`;
  write(
    `  docker context create ${context} --docker ${shellQuote(`host=tcp://${address},ca=${join(files.clientDir, 'ca.pem')},cert=${join(files.clientDir, 'cert.pem')},key=${join(files.clientDir, 'key.pem')}`)}`,
  );
  write(`then: berth --context ${context}   or   docker --context ${context} version`);
  return code;
}

async function apply(
  serverDir: string,
  clientDir: string,
  dropInFile: string,
  installed: string,
  tlsDir: string,
  address: string,
  write: (line?: string) => void,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const run = (args: string[]) => {
    logCommand(`systemctl ${args.map(shellQuote).join(' ')}`, {env});
    return systemctl(args);
  };
  // A drop-in of an earlier run is replaced; a rollback puts it back rather than leaving the engine without it.
  const previous = existsSync(installed) ? readFileSync(installed) : undefined;
  // The same for the server's TLS files: the restored drop-in names them, and the earlier clients trust them.
  const tlsFiles = ['ca.pem', 'server-cert.pem', 'server-key.pem'].map(name => join(tlsDir, name));
  const previousTls = tlsFiles.map(file => (existsSync(file) ? readFileSync(file) : undefined));
  const restore = () => {
    if (previous) writeFileSync(installed, previous);
    else rmSync(installed, {force: true});
    tlsFiles.forEach((file, i) => (previousTls[i] ? writeFileSync(file, previousTls[i]) : rmSync(file, {force: true})));
  };
  try {
    mkdirSync(tlsDir, {recursive: true, mode: 0o755});
    for (const name of ['ca.pem', 'server-cert.pem']) copyFileSync(join(serverDir, name), join(tlsDir, name));
    // Mode first, content second: the key is never readable by others, even if a file was there before.
    writeFileSync(join(tlsDir, 'server-key.pem'), '', {mode: 0o600});
    chmodSync(join(tlsDir, 'server-key.pem'), 0o600);
    writeFileSync(join(tlsDir, 'server-key.pem'), readFileSync(join(serverDir, 'server-key.pem')));
    mkdirSync(dirname(installed), {recursive: true});
    copyFileSync(dropInFile, installed);
  } catch (error) {
    restore();
    throw new BerthError(
      `installing the files failed (${errorMessage(error)}); the drop-in was not installed — run as root (sudo)`,
    );
  }
  const reload = run(['daemon-reload']);
  const restart = reload.ok ? run(['restart', 'docker']) : reload;
  let problem = restart.ok
    ? ''
    : `systemctl ${reload.ok ? 'restart docker' : 'daemon-reload'} failed: ${restart.output.split('\n')[0]}`;
  if (!problem) {
    const [host, port] = [address.replace(/:\d+$/, '').replace(/^\[|\]$/g, ''), address.replace(/^.*:/, '')];
    const target = resolveEngineTarget(
      {
        host: `tcp://${address}`,
        tlsverify: true,
        tlscacert: join(clientDir, 'ca.pem'),
        tlscert: join(clientDir, 'cert.pem'),
        tlskey: join(clientDir, 'key.pem'),
      },
      {},
    );
    let lastError = '';
    // systemctl restart returns once dockerd reported ready (Type=notify): the port answers within seconds.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        const client = await connectEngine(target, {timeouts: {connectMs: 5_000, firstByteMs: 5_000}});
        write(
          `connected to tcp://${host}:${port} over TLS with the new client certificate: Docker ${client.version.Version}, API ${client.version.ApiVersion}`,
        );
        client.close();
        return 0;
      } catch (error) {
        lastError = errorMessage(error);
        await new Promise(r => setTimeout(r, 1_000));
      }
    }
    problem = `the engine did not answer over TLS on ${address}: ${lastError}`;
  }
  write(`${problem}`);
  write(
    `rolling back: ${previous ? 'restoring the earlier' : 'removing'} ${installed} and the earlier files in ${tlsDir}, then daemon-reload and restart`,
  );
  restore();
  const back = run(['daemon-reload']).ok && run(['restart', 'docker']).ok;
  write(
    back
      ? 'rolled back: the engine runs with its previous command line again.'
      : `rollback incomplete: check systemctl status docker (the drop-in is ${previous ? 'restored' : 'removed'}).`,
  );
  return 1;
}
