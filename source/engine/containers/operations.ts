import type Docker from 'dockerode';
import {engineMessage} from '../engine-error.js';
import {namePattern} from './name-pattern.js';
import {inspectContainer, listContainerInfos} from '../limits/engine-reads.js';
import {json} from '../json.js';
import {compareText} from '../../text/compare.js';
import {maskedIfCredentials} from '../../text/credentials.js';

// `secret`: the name looks secret, the whole value is masked; else `masked`: the value with the credentials inside
// it masked (DATABASE_URL=postgres://user:••••@db/x), when it holds any. `m` in the overlay shows `value`.
export type EnvEntry = {key: string; value: string; secret: boolean; masked?: string};

export type ContainerOperation = 'stop' | 'start' | 'restart' | 'remove' | 'kill' | 'pause' | 'unpause';

// 304 means "already stopped" / "already started": the user's wish is met, so it counts as success.
export async function operate(
  docker: Docker,
  id: string,
  operation: ContainerOperation,
  options: {force?: boolean; signal?: string} = {},
): Promise<void> {
  const container = docker.getContainer(id);
  try {
    if (operation === 'stop') await container.stop();
    else if (operation === 'start') await container.start();
    else if (operation === 'restart') await container.restart();
    else if (operation === 'kill') await container.kill({signal: options.signal ?? 'KILL'});
    else if (operation === 'pause') await container.pause();
    else if (operation === 'unpause') await container.unpause();
    else await container.remove({force: options.force ?? false});
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 304) return;
    throw new Error(engineMessage(error), {cause: error});
  }
}

const MASK = '••••';

export const SECRET_KEY = /PASS(WORD)?|PASSWD|SECRET|TOKEN|KEY|CREDENTIAL|PRIVATE|AUTH|SESSION|COOKIE|SALT|CERT/i;

// Config.Env split on the first '=' only (values may contain '='); keys that look secret are flagged for masking,
// and the credentials inside other values (text/credentials.ts) masked.
export function splitEnv(env: readonly string[] | null | undefined): EnvEntry[] {
  return (env ?? []).map(item => {
    const at = item.indexOf('=');
    const key = at === -1 ? item : item.slice(0, at);
    const value = at === -1 ? '' : item.slice(at + 1);
    if (SECRET_KEY.test(key)) return {key, value, secret: true};
    const masked = maskedIfCredentials(value, MASK);
    return masked === undefined ? {key, value, secret: false} : {key, value, secret: false, masked};
  });
}

export async function containerEnv(docker: Docker, id: string): Promise<{name: string; entries: EnvEntry[]}> {
  const info = await inspectContainer(docker, id);
  return {name: info.Name.replace(/^\//, ''), entries: splitEnv(info.Config.Env)};
}

export function inspectSummary(info: Docker.ContainerInspectInfo): string[] {
  const lines: string[] = [];
  const add = (label: string, value: string | undefined) => lines.push(`${label.padEnd(15)} ${value || '-'}`);
  add('name', info.Name.replace(/^\//, ''));
  add('id', info.Id);
  add('image', `${info.Config.Image} (${info.Image.slice(0, 19)})`);
  add('command', [info.Path, ...(info.Args ?? [])].join(' '));
  add(
    'state',
    `${info.State.Status}${info.State.Status === 'exited' ? ` (exit ${info.State.ExitCode})` : ''} since ${info.State.StartedAt}`,
  );
  add('created', info.Created);
  add(
    'restart policy',
    `${info.HostConfig.RestartPolicy?.Name || 'no'}${info.HostConfig.RestartPolicy?.MaximumRetryCount ? ` (max ${info.HostConfig.RestartPolicy.MaximumRetryCount})` : ''}`,
  );
  const ports = Object.entries(info.NetworkSettings?.Ports ?? {}).map(([port, bindings]) =>
    bindings?.length ? bindings.map(b => `${b.HostIp || '0.0.0.0'}:${b.HostPort}->${port}`).join(', ') : port,
  );
  add('ports', ports.join(', '));
  add('networks', Object.keys(info.NetworkSettings?.Networks ?? {}).join(', ') || info.HostConfig.NetworkMode);
  add('log driver', `${info.HostConfig.LogConfig?.Type ?? '?'}${formatOptions(info.HostConfig.LogConfig?.Config)}`);
  add('log path', info.LogPath);
  lines.push('mounts');
  for (const mount of info.Mounts ?? [])
    lines.push(`  ${mount.Type} ${mount.Source || mount.Name || ''} -> ${mount.Destination}${mount.RW ? '' : ' (ro)'}`);
  if (!info.Mounts?.length) lines.push('  -');
  lines.push('labels');
  const labels = Object.entries(info.Config.Labels ?? {}).sort(([a], [b]) => compareText(a, b));
  for (const [key, value] of labels) lines.push(`  ${key}=${value}`);
  if (!labels.length) lines.push('  -');
  return lines;
}

// The log driver's options: strings in docker's API (typed any by dockerode), so anything else is left out.
function formatOptions(config: unknown): string {
  const entries = Object.entries(json(config)).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length ? ` (${entries.map(([k, v]) => `${k}=${v}`).join(', ')})` : '';
}

// :stop PATTERN — the engine's name filter is an unanchored regexp, so ask with an anchored, escaped one and
// check every answer again here.
export async function containersMatching(
  docker: Docker,
  pattern: string,
): Promise<{id: string; name: string; state: string}[]> {
  const matcher = namePattern(pattern);
  const infos = await listContainerInfos(docker, {filters: {name: [matcher.engineFilter]}});
  return infos
    .map(info => ({id: info.Id, name: (info.Names?.[0] ?? '').replace(/^\//, ''), state: info.State}))
    .filter(container => matcher.matches(container.name))
    .sort((a, b) => compareText(a.name, b.name));
}

export async function containerSizes(docker: Docker): Promise<Record<string, {rw?: number; rootFs?: number}>> {
  const infos = await listContainerInfos<Docker.ContainerInfo & {SizeRw?: number; SizeRootFs?: number}>(docker, {
    size: true,
  });
  // SizeRw is left out when it is 0.
  return Object.fromEntries(infos.map(info => [info.Id, {rw: info.SizeRw ?? 0, rootFs: info.SizeRootFs}]));
}

export type ContainerTop = {titles: string[]; processes: string[][]};

// GET /containers/{id}/top, as `ps aux` where the container's ps takes it, else the engine's default columns.
export async function containerTop(docker: Docker, id: string): Promise<ContainerTop> {
  const container = docker.getContainer(id);
  const result = (await container.top({ps_args: 'aux'}).catch(() => container.top())) as {
    Titles?: string[];
    Processes?: string[][];
  };
  return {titles: result.Titles ?? [], processes: result.Processes ?? []};
}
