import {type GlobalOptions} from '../args.js';
import {loadConfig} from '../../config.js';
import {UsageError, errorMessage} from '../../errors.js';
import {type EngineClient, connectEngine, engineProduct} from '../../engine/client.js';
import {
  connectionFacts,
  diskUsage,
  engineInfoFacts,
  findLocalDaemon,
  logHygiene,
} from '../../engine/engine-info/index.js';
import {parseLogSize} from '../../engine/daemon-config/log-opts.js';
import {type EngineTarget, resolveEngineTarget} from '../../engine/target.js';
import {createRegistryClient} from '../../registry/index.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {type Check, apiCheck, clockCheck, composeCheck, diskCheck, logRotationCheck, tlsCheck} from './checks.js';

export type DoctorInput = {
  options: GlobalOptions;
  json: boolean;
  diskLimit?: string;
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
};

const DEFAULT_DISK_LIMIT = '50GB';

async function registryChecks(options: GlobalOptions, env: NodeJS.ProcessEnv): Promise<Check[]> {
  const loaded = await loadConfig(options.config, env);
  const entries = new Map<string, {caFile?: string; insecure?: boolean}>();
  const sharedCa = options.registryCa || env.BERTH_REGISTRY_CA || undefined;
  for (const url of [...options.registries, ...(env.BERTH_REGISTRY ? [env.BERTH_REGISTRY] : [])])
    entries.set(url, {caFile: sharedCa});
  for (const r of loaded.config.registries)
    if (!entries.has(r.url)) entries.set(r.url, {caFile: r.ca ?? sharedCa, insecure: r.insecure});
  if (entries.size === 0)
    return [
      {
        name: 'registries',
        status: 'ok',
        detail: 'none configured (--registry, BERTH_REGISTRY or registries: in the config file)',
      },
    ];
  return Promise.all(
    [...entries].map(async ([url, settings]): Promise<Check> => {
      const name = `registry ${url}`;
      let client;
      try {
        client = await createRegistryClient(url, {...settings, env});
        const ping = await client.ping(AbortSignal.timeout(15_000));
        if (ping.status === 'login-required')
          return {
            name,
            status: 'warn',
            detail: 'reachable and trusted; it wants a login',
            fix: `docker login ${url.replace(/^https?:\/\//, '')}`,
          };
        const transport = client.registry.origin.startsWith('https:')
          ? 'over https, its certificate trusted'
          : 'over plain http (loopback or insecure)';
        return {
          name,
          status: 'ok',
          detail: `reachable ${transport}; auth ${ping.auth}${ping.apiVersion ? `, ${ping.apiVersion}` : ''}`,
        };
      } catch (error) {
        return {name, status: 'fail', detail: errorMessage(error)};
      } finally {
        await client?.close();
      }
    }),
  );
}

export async function doctorCommand(input: DoctorInput): Promise<number> {
  const {options, env} = input;
  const diskLimit = parseLogSize(input.diskLimit ?? DEFAULT_DISK_LIMIT);
  if (diskLimit === undefined)
    throw new UsageError(`--disk-limit "${input.diskLimit}": not a size; use e.g. 50GB or 500m`);
  // Any use at all would be "over" a limit of nothing: the finding would always warn.
  if (diskLimit === 0)
    throw new UsageError(`--disk-limit "${input.diskLimit}": a limit must be above 0; use e.g. 50GB or 500m`);
  const checks: Check[] = [];
  let target: EngineTarget | undefined;
  let client: EngineClient | undefined;
  let engineError: string | undefined;
  try {
    target = resolveEngineTarget(options, env);
    client = await connectEngine(target, {timeouts: {firstByteMs: 15_000}});
    await client.fullVersion();
    checks.push({
      name: 'engine',
      status: 'ok',
      detail: `${engineProduct(client.version)} ${client.version.Version} at ${target.url} (context ${target.context})`,
    });
  } catch (error) {
    engineError = errorMessage(error);
    // berth's messages say the thing and the reason, then after "; " what to do: the fix gets its own field
    // (doctor --json promises one on every check that fails).
    const cut = engineError.indexOf('; ');
    checks.push({
      name: 'engine',
      status: 'fail',
      detail: `${cut > 0 ? engineError.slice(0, cut) : engineError}; API, clock, log and disk checks need the engine`,
      fix: cut > 0 ? engineError.slice(cut + 2) : 'start the engine, or point --host, --context or DOCKER_HOST at one',
    });
  }
  const connection = target ? connectionFacts(target, client?.api) : undefined;
  checks.push(tlsCheck(target, connection, engineError));
  const registries = registryChecks(options, env);
  try {
    if (client && target) {
      checks.push(apiCheck(client));
      // Each part may fail on its own (an authorization plugin, a timeout on a huge /system/df): one line each.
      const [info, hygiene, usage] = await Promise.allSettled([
        engineInfoFacts(client.docker, target),
        logHygiene(client.docker, target),
        diskUsage(client.docker),
      ]);
      const failed = (name: string, result: PromiseRejectedResult): Check => ({
        name,
        status: 'fail',
        detail: `the engine did not answer: ${errorMessage(result.reason)}`,
      });
      checks.push(info.status === 'fulfilled' ? clockCheck(info.value) : failed('clock', info));
      checks.push(composeCheck(env));
      checks.push(...(await registries));
      if (info.status === 'rejected') checks.push(failed('log rotation', info));
      else
        checks.push(
          hygiene.status === 'fulfilled'
            ? logRotationCheck(info.value, hygiene.value)
            : failed('log rotation', hygiene),
        );
      if (info.status === 'rejected') checks.push(failed('disk usage', info));
      else
        checks.push(
          usage.status === 'fulfilled'
            ? diskCheck(usage.value, info.value, diskLimit, Boolean(findLocalDaemon(target)))
            : failed('disk usage', usage),
        );
    } else {
      checks.push(composeCheck(env));
      checks.push(...(await registries));
    }
  } finally {
    client?.close();
  }
  const failed = checks.some(c => c.status === 'fail');
  if (input.json) {
    input.stdout.write(`${JSON.stringify({ok: !failed, checks}, null, 2)}\n`);
  } else {
    const width = Math.max(...checks.map(c => c.name.length));
    for (const c of checks) {
      input.stdout.write(
        `${sanitizeLine(`${c.status.padEnd(4)}  ${c.name.padEnd(width)}  ${c.detail}${c.fix ? ` — fix: ${c.fix}` : ''}`)}\n`,
      );
    }
  }
  return failed ? 1 : 0;
}
