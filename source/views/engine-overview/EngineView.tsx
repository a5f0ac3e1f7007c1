import {Box, Text} from 'ink';
import {connectionFacts, humanSize} from '../../engine/engine-info/index.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useServices, useStore} from '../use-store.js';
import {ENGINE_DOWN_HERE} from '../kit/messages.js';
import {enginesLines} from './engines-table.js';
import type {EngineViewState} from './state.js';
import {useTheme} from '../use-theme.js';
import type {Role} from '../../theme/index.js';

type Line = {text: string; title?: boolean; role?: Role};

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));

function connectionLines(
  target: ReturnType<ReturnType<typeof useServices>['engine']>,
  api: string | undefined,
): Line[] {
  if (!target) return [{text: '  not connected yet'}];
  const facts = connectionFacts(target.target, api);
  const lines: Line[] = [
    {text: `  host       ${facts.host}`},
    {
      text: `  context    ${facts.context} (${facts.source === 'context' ? 'from the context store' : `engine from ${facts.transport}`})`,
    },
    {
      text: `  TLS        ${facts.tls ? (facts.tls.verify ? 'verified' : 'on, not verified') : facts.kind === 'tcp' ? 'none' : `${facts.kind}, no TLS needed`}`,
      role: facts.unencrypted ? 'error' : undefined,
    },
  ];
  for (const certificate of facts.tls?.certificates ?? []) {
    const days = certificate.daysLeft;
    lines.push({
      text: `  ${pad(certificate.role === 'CA' ? 'CA' : 'cert', 10)} ${certificate.file} · expires ${certificate.notAfter?.slice(0, 10) ?? '?'}${days === undefined ? '' : ` (${days} days)`}`,
      role: days !== undefined && days < 30 ? (days < 0 ? 'error' : 'warning') : undefined,
    });
  }
  if (facts.tls?.keyFile) lines.push({text: `  key        ${facts.tls.keyFile}`});
  if (api) lines.push({text: `  API        ${api} (pinned: the lower of the engine's and berth's highest tested)`});
  return lines;
}

// What a section says before the engine answered: the engine away (the one wording of every list), or loading.
const notLoaded = (engine: EngineViewState, down: boolean): Line =>
  down
    ? {text: `  ${ENGINE_DOWN_HERE}`, role: 'warning'}
    : {text: engine.loading ? '  loading…' : '  not loaded (ctrl-r)'};

function infoLines(engine: EngineViewState, down: boolean): Line[] {
  const info = engine.info;
  if (!info) return [notLoaded(engine, down)];
  const lines: Line[] = [
    {
      text: `  storage driver   ${info.storageDriver ?? '?'}    cgroup ${info.cgroupDriver ?? '?'}${info.cgroupVersion ? ` v${info.cgroupVersion}` : ''}`,
    },
    {
      text: `  logging driver   ${info.loggingDriver ?? '?'}${info.daemonLogOpts ? `  options ${JSON.stringify(info.daemonLogOpts.logOpts)} (${info.daemonLogOpts.configFile})` : ''}`,
    },
    {
      text: `  containers       ${info.containers.total} (${info.containers.running} running, ${info.containers.paused} paused, ${info.containers.stopped} stopped)${info.images === undefined ? '' : ` · images ${info.images}`}`,
    },
    {
      text: `  swarm            ${info.swarm ? `${info.swarm.state}${info.swarm.controlAvailable ? ' (manager)' : ''}${info.swarm.error ? ` · ${info.swarm.error}` : ''}` : 'unknown'}`,
    },
  ];
  if (info.clockSkewMs !== undefined && Math.abs(info.clockSkewMs) > 1000)
    lines.push({
      text: `  clock            the engine's clock is ${(info.clockSkewMs / 1000).toFixed(1)} s off berth's`,
      role: 'warning',
    });
  for (const warning of info.warnings) lines.push({text: `  warning          ${warning}`, role: 'warning'});
  return lines;
}

function diskLines(engine: EngineViewState, down: boolean): Line[] {
  const disk = engine.disk;
  if (!disk) return [notLoaded(engine, down)];
  const lines: Line[] = [
    {text: `  ${pad('TYPE', 14)} ${pad('COUNT', 6)} ${pad('ACTIVE', 7)} ${pad('SIZE', 10)} RECLAIMABLE`},
  ];
  for (const row of disk.rows) {
    const share = row.size > 0 ? ` (${Math.round((row.reclaimable / row.size) * 100)}%)` : '';
    lines.push({
      text: `  ${pad(row.kind, 14)} ${pad(String(row.count), 6)} ${pad(String(row.active), 7)} ${pad(humanSize(row.size), 10)} ${humanSize(row.reclaimable)}${share}`,
    });
  }
  lines.push({text: `  total ${humanSize(disk.total)}, of which ${humanSize(disk.reclaimable)} reclaimable`});
  return lines;
}

function hygieneLines(engine: EngineViewState, down: boolean): Line[] {
  const hygiene = engine.hygiene;
  if (!hygiene) return [notLoaded(engine, down)];
  const lines: Line[] = [];
  if (!hygiene.unbounded.length)
    lines.push({text: `  every container's log is bounded (${hygiene.containers.length} containers)`, role: 'success'});
  else {
    lines.push({
      text: `  ${hygiene.unbounded.length} of ${hygiene.containers.length} containers log to json-file without max-size: their logs grow until the disk is full`,
      role: 'warning',
    });
    lines.push({
      text: '  fix: berth setup log-rotation (then recreate the containers), or --log-opt max-size=10m on each',
      role: 'warning',
    });
  }
  const rows = [...hygiene.containers].sort((a, b) => (b.logBytes ?? -1) - (a.logBytes ?? -1));
  if (hygiene.local && hygiene.totalLogBytes !== undefined)
    lines.push({text: `  log files on this host: ${humanSize(hygiene.totalLogBytes)} in all, largest first`});
  else lines.push({text: '  log file sizes: only for a local engine (its LogPath readable by berth)'});
  for (const row of rows) {
    const options = Object.entries(row.options)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ');
    const size = !hygiene.local ? '' : `${pad(row.logBytes === undefined ? '–' : humanSize(row.logBytes), 9)} `;
    lines.push({
      text: `  ${row.unbounded ? '!' : ' '} ${size}${pad(row.name, 24)} ${row.driver}${options ? ` ${options}` : ''}`,
      role: row.unbounded ? 'warning' : undefined,
    });
  }
  return lines;
}

// The engine view: the engine itself — connection, facts from /info, disk usage, log hygiene, and /version in full.
export function EngineView({width, height}: {width: number; height: number}) {
  const services = useServices();
  const theme = useTheme();
  const engine = useStore(state => state.engine);
  const connection = useStore(state => state.connection);
  const down = connection.status === 'down';
  const session = services.engine();
  const statuses = useStore(state => state.engines);
  const lines: Line[] = [];
  if (statuses && statuses.length > 1) lines.push(...enginesLines(services.engines(), statuses, engine.disks, width));
  lines.push({text: 'Connection', title: true});
  lines.push(...connectionLines(session, connection.status === 'connected' ? connection.api : undefined));
  if (connection.status === 'down') lines.push({text: `  down       ${connection.reason}`, role: 'error'});
  lines.push({text: ''}, {text: 'Engine (/info)', title: true}, ...infoLines(engine, down));
  lines.push(
    {text: ''},
    {text: 'Disk usage (/system/df, as docker system df)', title: true},
    ...diskLines(engine, down),
  );
  lines.push({text: ''}, {text: 'Log hygiene', title: true}, ...hygieneLines(engine, down));
  for (const error of engine.errors) lines.push({text: `  ${error}`, role: 'error'});
  lines.push({text: ''}, {text: 'Version (GET /version)', title: true});
  if (!engine.version) lines.push({text: '  waiting for the engine…'});
  for (const [key, value] of Object.entries(engine.version ?? {})) {
    if (key === 'Components' && Array.isArray(value)) {
      for (const component of value as {Name?: string; Version?: string}[])
        lines.push({text: `  component ${component.Name ?? '?'} ${component.Version ?? ''}`});
      continue;
    }
    if (key === 'Platform' && value && typeof value === 'object') {
      lines.push({text: `  Platform  ${(value as {Name?: string}).Name ?? ''}`});
      continue;
    }
    lines.push({text: `  ${key.padEnd(14)} ${typeof value === 'string' ? value : JSON.stringify(value)}`});
  }
  const scroll = Math.min(engine.scroll, Math.max(0, lines.length - height + 1));
  const shown = lines.slice(scroll, scroll + height - 1);
  const position =
    lines.length > height - 1 ? ` · ${scroll + 1}–${scroll + shown.length} of ${lines.length} (↑↓ scroll)` : '';
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" paddingLeft={1}>
      {shown.map((line, i) => (
        <Text key={i} bold={line.title} {...(line.role && theme[line.role])} wrap="truncate-end">
          {sanitizeLine(line.text) || ' '}
        </Text>
      ))}
      <Text
        {...theme.muted}
        wrap="truncate-end"
      >{`c switch context · ctrl-r reload${engine.loading ? ' · loading…' : ''}${position}`}</Text>
    </Box>
  );
}
