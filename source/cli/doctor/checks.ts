import {spawnSync} from 'node:child_process';
import {existsSync, statfsSync} from 'node:fs';
import {type EngineClient, MAX_API_VERSION, compareApi} from '../../engine/client.js';
import {
  type ConnectionFacts,
  type DiskUsage,
  type EngineInfoFacts,
  type LogHygiene,
  humanSize,
} from '../../engine/engine-info/index.js';
import type {EngineTarget} from '../../engine/target.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';
export type Check = {name: string; status: CheckStatus; detail: string; fix?: string};

const DAY_WARN = 30;

export function tlsCheck(
  target: EngineTarget | undefined,
  connection: ConnectionFacts | undefined,
  engineError?: string,
): Check {
  const name = 'TLS';
  if (!target || !connection) return {name, status: 'fail', detail: engineError ?? 'no engine target'};
  if (target.kind === 'unix')
    return {
      name,
      status: 'ok',
      detail: "local unix socket: no TLS needed (access is by the socket file's permissions)",
    };
  if (target.kind === 'ssh') return {name, status: 'ok', detail: 'ssh transport: encrypted and authenticated by ssh'};
  if (!connection.tls) {
    return target.unencrypted
      ? {
          name,
          status: 'fail',
          detail: `plain TCP to ${target.url}: anyone who can reach the port controls the engine`,
          fix: 'berth setup remote --ip ADDR --out DIR, then connect with --tlsverify',
        }
      : {
          name,
          status: 'warn',
          detail: `plain TCP on loopback (${target.url}): any local user can control the engine`,
          fix: 'use the unix socket, or TLS (berth setup remote)',
        };
  }
  const certificates = connection.tls.certificates;
  const expiry = certificates
    .map(c => (c.problem ? `${c.role} ${c.file}: ${c.problem}` : `${c.role} ${c.daysLeft} days`))
    .join(', ');
  const broken = certificates.find(c => c.problem);
  if (broken)
    return {
      name,
      status: 'fail',
      detail: `${broken.role} ${broken.file}: ${broken.problem}`,
      fix:
        broken.problem === 'expired'
          ? 'make new certificates (berth setup remote) and install them'
          : 'point --tlscacert/--tlscert or DOCKER_CERT_PATH at valid PEM files',
    };
  if (engineError && /certificate|TLS|SSL|handshake/i.test(engineError))
    return {name, status: 'fail', detail: `not verified: ${engineError.replace(/^engine \S+: /, '')}`};
  if (!connection.tls.verify)
    return {
      name,
      status: 'warn',
      detail: `TLS without verifying the engine's certificate (${expiry || 'no files'})`,
      fix: "pass --tlsverify with the engine's CA (--tlscacert or DOCKER_CERT_PATH/ca.pem)",
    };
  const soon = certificates.filter(c => (c.daysLeft ?? Infinity) < DAY_WARN);
  if (soon.length)
    return {
      name,
      status: 'warn',
      detail: `verified; expires soon: ${expiry}`,
      fix: 'make new certificates before they expire (berth setup remote)',
    };
  if (engineError) return {name, status: 'ok', detail: `certificates valid (${expiry}); the engine was not reached`};
  return {name, status: 'ok', detail: `verified with ${connection.tls.caFile ?? 'the system CAs'}; ${expiry}`};
}

export function apiCheck(client: EngineClient): Check {
  const v = client.version;
  const newer = compareApi(v.ApiVersion, MAX_API_VERSION) > 0 ? `; berth speaks up to ${MAX_API_VERSION}` : '';
  return {
    name: 'API version',
    status: 'ok',
    detail: `engine ${v.Version} speaks API ${v.ApiVersion} (min ${v.MinAPIVersion ?? '?'}); berth pins ${client.api}${newer}`,
  };
}

export function clockCheck(info: EngineInfoFacts): Check {
  const name = 'clock';
  if (info.clockSkewMs === undefined)
    return {name, status: 'warn', detail: 'the engine did not report its time (/info SystemTime)'};
  const seconds = Math.abs(info.clockSkewMs) / 1000;
  const detail = `engine clock ${info.clockSkewMs >= 0 ? 'ahead of' : 'behind'} this machine's by ${seconds.toFixed(1)} s`;
  const fix = 'synchronise both clocks (NTP: timedatectl set-ntp true / chrony)';
  if (seconds >= 300)
    return {name, status: 'fail', detail: `${detail}: TLS validity and log --since times go wrong`, fix};
  if (seconds >= 5) return {name, status: 'warn', detail: `${detail}: log times and "since" filters will be off`, fix};
  return {name, status: 'ok', detail};
}

function firstLine(result: ReturnType<typeof spawnSync>): string {
  return (
    String(result.stdout ?? '')
      .trim()
      .split('\n')[0] ?? ''
  );
}

export function composeCheck(env: NodeJS.ProcessEnv): Check {
  const name = 'compose';
  const plugin = spawnSync('docker', ['compose', 'version', '--short'], {encoding: 'utf8', env, timeout: 30_000});
  if (plugin.status === 0 && firstLine(plugin))
    return {name, status: 'ok', detail: `docker compose ${firstLine(plugin)} (v2 plugin)`};
  const v1 = spawnSync('docker-compose', ['version', '--short'], {encoding: 'utf8', env, timeout: 30_000});
  if (v1.status === 0 && firstLine(v1)) {
    const version = firstLine(v1);
    return {
      name,
      status: 'ok',
      detail: `docker-compose ${version} (${version.startsWith('1.') ? 'v1, the Python one' : 'standalone v2'})`,
    };
  }
  return {
    name,
    status: 'warn',
    detail: 'neither "docker compose" nor "docker-compose" runs here',
    fix: 'install the compose plugin (apt-get install docker-compose-plugin) or docker-compose',
  };
}

export function logRotationCheck(info: EngineInfoFacts, hygiene: LogHygiene): Check {
  const name = 'log rotation';
  const parts: string[] = [];
  let status: CheckStatus = 'ok';
  let fix: string | undefined;
  const driver = info.loggingDriver ?? '?';
  if (driver === 'json-file') {
    const daemon = info.daemonLogOpts;
    if (daemon && !daemon.logOpts['max-size']) {
      status = 'warn';
      parts.push(`daemon default json-file without max-size (${daemon.configFile})`);
      fix = `berth setup log-rotation${daemon.configFile === '/etc/docker/daemon.json' ? '' : ` --config ${daemon.configFile}`}, restart the engine, re-create the containers`;
    } else if (daemon) {
      parts.push(
        `daemon default json-file, max-size ${daemon.logOpts['max-size']}${daemon.logOpts['max-file'] ? ` × ${daemon.logOpts['max-file']} files` : ''} (${daemon.configFile})`,
      );
    } else {
      parts.push('daemon default json-file (its options are not visible through the API)');
    }
  } else {
    parts.push(`daemon default ${driver}${driver === 'local' ? ' (rotates by itself)' : ''}`);
  }
  if (hygiene.unbounded.length) {
    status = 'warn';
    const names = hygiene.unbounded
      .slice(0, 5)
      .map(c => c.name)
      .join(', ');
    parts.push(
      `${hygiene.unbounded.length} of ${hygiene.containers.length} containers log to json-file without max-size: ${names}${hygiene.unbounded.length > 5 ? ', …' : ''}`,
    );
    fix ??=
      'containers keep the log options they were created with: re-create them after berth setup log-rotation (or run them with --log-opt max-size=10m)';
  } else {
    parts.push(`all ${hygiene.containers.length} containers bounded or not json-file`);
  }
  if (hygiene.totalLogBytes !== undefined) {
    const largest = hygiene.containers[0];
    parts.push(
      `logs take ${humanSize(hygiene.totalLogBytes)}${largest?.logBytes ? ` (largest: ${largest.name} ${humanSize(largest.logBytes)})` : ''}`,
    );
  }
  return {name, status, detail: parts.join('; '), fix};
}

export function diskCheck(usage: DiskUsage, info: EngineInfoFacts, limitBytes: number, local: boolean): Check {
  const name = 'disk usage';
  const summary = `${humanSize(usage.total)} in images, containers, volumes and build cache, ${humanSize(usage.reclaimable)} reclaimable`;
  const fix = 'berth prune --dry-run (or docker system prune) to see what can go';
  if (local && info.dockerRootDir && existsSync(info.dockerRootDir)) {
    try {
      const fs = statfsSync(info.dockerRootDir);
      const used = 1 - fs.bavail / fs.blocks;
      const filled = `${info.dockerRootDir} is ${Math.round(used * 100)}% full`;
      if (used >= 0.97) return {name, status: 'fail', detail: `${filled}; ${summary}`, fix};
      if (used >= 0.9) return {name, status: 'warn', detail: `${filled}; ${summary}`, fix};
    } catch {
      // no statfs for that path (remote engine, other mount namespace): the usage total below still decides
    }
  }
  if (usage.total > limitBytes) return {name, status: 'warn', detail: `${summary}: over ${humanSize(limitBytes)}`, fix};
  return {name, status: 'ok', detail: summary};
}
