import {Box, Text} from 'ink';
import {useController, useStore} from '../hooks/use-controller.js';
import {cellWidth} from '../../text/cells.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useTheme} from '../../views/use-theme.js';
import type {EngineStatus} from '../../store/state.js';

// `engines a, b (down), c (connecting)`, then `b down: REASON` for each engine away; a stable array per state.
const summaries = new WeakMap<readonly EngineStatus[], string[]>();
function engineSummary(engines: readonly EngineStatus[] | undefined): string[] | undefined {
  if (!engines || engines.length < 2) return undefined;
  let summary = summaries.get(engines);
  if (!summary) {
    // One part (the first is cut, never left out): every engine's name first (those away marked DOWN), the reasons
    // last, so a narrow terminal cuts a reason before a name.
    const up = engines.filter(engine => engine.connection.status === 'connected').map(engine => engine.name);
    const connecting = engines
      .filter(engine => engine.connection.status === 'connecting')
      .map(engine => `${engine.name} (connecting)`);
    const away = engines.filter(engine => engine.connection.status === 'down');
    const reasons = away.flatMap(({name, connection}) =>
      connection.status === 'down' ? [`${name}: ${withoutUrl(connection.reason, connection.target)}`] : [],
    );
    const names = [...up, ...connecting, ...away.map(engine => `${engine.name} DOWN`)];
    summary = [`engines ${names.join(', ')}${reasons.length ? ` · ${reasons.join(' · ')}` : ''}`];
    summaries.set(engines, summary);
  }
  return summary;
}

// The engine's name stands for its URL here: a reason that starts by naming it ("engine tcp://…: ") starts after
// that, so a narrow header keeps the why (the engine view lists each engine's URL).
function withoutUrl(reason: string, url: string): string {
  const prefix = `engine ${url}: `;
  return reason.startsWith(prefix) ? reason.slice(prefix.length) : reason;
}

// Below this a URL cut in its middle no longer says which engine it is: a shorter one (tcp://HOST:PORT) is never
// cut, a longer one (a socket's path) not below it.
const MIN_URL_CELLS = 28;

// `text` cut in the middle to `width` cells (never below MIN_URL_CELLS).
function middleCut(text: string, width: number): string {
  const room = Math.max(MIN_URL_CELLS, width);
  if (cellWidth(text) <= room) return text;
  const head = Math.ceil((room - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (room - 1 - head))}`;
}

// One line: where berth is connected and what it found there.
export function Header({width}: {width: number}) {
  const connection = useStore(state => state.connection);
  const {views} = useController();
  // Views add to the header (the registry's URL); joined to a string so the selector stays a primitive.
  const extra = useStore(state => views.all.flatMap(module => module.headerParts?.(state) ?? []).join('\u0000'));
  // By priority (which engine, what it runs, which context, the registry, the platform): parts that do not fit
  // whole are left out rather than cut, except the first.
  // Several engines: each by name, and which are away and why (the reasons after the names, as room allows).
  const engines = useStore(state => engineSummary(state.engines));
  const tls = !engines && 'tls' in connection && connection.tls ? ` ${connection.tls}` : '';
  const context =
    !engines && 'context' in connection && connection.context && connection.context !== 'default'
      ? `context ${connection.context}`
      : undefined;
  const version =
    !engines && 'engine' in connection && connection.engine ? `${connection.engine} API ${connection.api}` : undefined;
  // A long engine URL (a socket's path) gives up its middle before the context or the version is left out (the
  // first that fits, in that order): which engine it is stays readable (the engine view has the URL in full).
  const around = cellWidth(` berth ─ engine ${tls}`);
  const keep = [context, version].find(part => part && around + MIN_URL_CELLS + cellWidth(part) + 3 <= width);
  const target = engines ? '' : middleCut(connection.target, width - around - (keep ? cellWidth(keep) + 3 : 0));
  const parts: string[] = engines ? [...engines] : [`engine ${target}${tls}`];
  if (context) parts.push(context);
  if (version) parts.push(version);
  if (extra) parts.push(...extra.split('\u0000'));
  if (!engines && 'os' in connection && connection.os) parts.push(connection.os);
  const theme = useTheme();
  const unencrypted = 'unencrypted' in connection && connection.unencrypted;
  const room = width - (unencrypted ? 13 : 0);
  let text = sanitizeLine(` berth ─ ${parts[0]}`);
  for (const part of parts.slice(1)) {
    const next = `${text} · ${sanitizeLine(part)}`;
    if (cellWidth(next) <= room) text = next;
  }
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold {...theme.header} wrap="truncate-end">
        {text}
      </Text>
      {unencrypted ? (
        <Text {...theme.alert} bold>
          {' UNENCRYPTED '}
        </Text>
      ) : null}
    </Box>
  );
}
