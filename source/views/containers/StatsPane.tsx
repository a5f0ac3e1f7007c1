import {Text} from 'ink';
import type {Overlay} from '../../store/state.js';
import {rate, type Usage} from '../../engine/stats/compute.js';
import {bytes} from '../../text/format.js';
import {barGraph} from '../../text/graph.js';
import {cellWidth, truncateCells} from '../../text/cells.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {contentRows, OVERLAY_FRAME, OverlayBox} from '../OverlayBox.js';
import {useServices, useStore} from '../use-store.js';
import {statsSession} from './stats-session.js';
import {useTheme} from '../use-theme.js';

const percent = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(1)}%`);
const perSecond = (value: number | undefined) => (value === undefined ? '–' : `${bytes(value)}/s`);

function rates(history: readonly Usage[]): {netRx?: number; netTx?: number; blockRead?: number; blockWrite?: number} {
  const now = history.at(-1);
  const before = history.at(-2);
  if (!now || !before) return {};
  const seconds = (now.at - before.at) / 1000;
  return {
    netRx: rate(now.netRx, before.netRx, seconds),
    netTx: rate(now.netTx, before.netTx, seconds),
    blockRead: rate(now.blockRead, before.blockRead, seconds),
    blockWrite: rate(now.blockWrite, before.blockWrite, seconds),
  };
}

type StatsOverlay = Extract<Overlay, {kind: 'stats'}>;
type Line = {text: string; bold?: boolean; dim?: boolean};

// Taller graphs where the terminal is wide enough to be tall too.
const graphRowsFor = (width: number) => (width >= 116 ? 5 : 3);

// The pane's rows below its title, at this inner width.
export function statsLines(overlay: StatsOverlay, history: readonly Usage[], width: number): Line[] {
  const latest = history.at(-1);
  const graphWidth = Math.max(10, width - 4);
  const graphRows = graphRowsFor(width);
  const cpuValues = history.map(u => u.cpuPercent);
  const cpuMax = Math.max(100, ...cpuValues.slice(-graphWidth).map(v => v ?? 0));
  const memValues = history.map(u => u.memory);
  const memMax = latest?.memoryLimit ?? Math.max(1, ...memValues.slice(-graphWidth).map(v => v ?? 0));
  const io = rates(history);
  const lines: Line[] = [];
  lines.push({text: `CPU ${percent(latest?.cpuPercent)}   (graph up to ${cpuMax.toFixed(0)}%; 100% = one core)`});
  for (const row of barGraph(cpuValues, graphWidth, graphRows, cpuMax)) lines.push({text: `  │${row}`});
  const limit = latest?.memoryLimit
    ? `${bytes(latest.memoryLimit)} limit, ${percent(latest.memoryPercent)}`
    : 'no limit set';
  lines.push({text: `memory ${bytes(latest?.memory)} (${limit}; page cache left out, as docker stats)`});
  for (const row of barGraph(memValues, graphWidth, graphRows, memMax)) lines.push({text: `  │${row}`});
  lines.push({
    text: `network  rx ${perSecond(io.netRx)}  tx ${perSecond(io.netTx)}   total rx ${bytes(latest?.netRx)} tx ${bytes(latest?.netTx)}`,
  });
  lines.push({
    text: `block    read ${perSecond(io.blockRead)}  write ${perSecond(io.blockWrite)}   total read ${bytes(latest?.blockRead)} write ${bytes(latest?.blockWrite)}`,
  });
  lines.push({text: `PIDs ${latest?.pids ?? '–'}   memory limit hits ${latest?.oomEvents ?? 'not reported'}`});
  lines.push({text: ''});
  if (overlay.topError) lines.push({text: `processes: ${overlay.topError}`});
  else if (!overlay.top) lines.push({text: 'processes: loading…', dim: true});
  else {
    const {titles, processes} = overlay.top;
    lines.push({text: `processes (${processes.length})`, bold: true});
    processTable(titles, processes).forEach((row, i) => lines.push({text: `  ${row}`, bold: i === 0}));
  }
  return lines;
}

// The processes as `ps` lines them up: each column as wide as its widest cell (sanitised first: what a process
// names itself is untrusted, and a marker for a control character is wider than the character), the last
// (the command) as it is; the headings first.
function processTable(titles: readonly string[], processes: readonly (readonly string[])[]): string[] {
  const rows = [titles, ...processes].map(cells => cells.map(cell => sanitizeLine(cell)));
  const widths = titles.map((_, i) => Math.max(...rows.map(cells => cellWidth(cells[i] ?? ''))));
  return rows.map(cells =>
    cells
      .map((cell, i) =>
        i === cells.length - 1 ? cell : cell + ' '.repeat(Math.max(0, (widths[i] ?? 0) - cellWidth(cell))),
      )
      .join(' '),
  );
}

// Rows it takes with its title; the graphs' rows depend only on the width, so this needs no samples.
export const statsHeight = (overlay: Overlay, width: number) =>
  overlay.kind === 'stats'
    ? 1 + 7 + 2 * graphRowsFor(width) + (overlay.top && !overlay.topError ? overlay.top.processes.length + 1 : 0)
    : 1;

// p on a container: CPU and memory over the last minutes as bar graphs, I/O rates, limits, and its processes.
export function StatsPane({width, height}: {width: number; height: number}) {
  const services = useServices();
  const theme = useTheme();
  const overlay = useStore(state => (state.overlay?.kind === 'stats' ? state.overlay : undefined));
  // Re-rendered when the sampler publishes (about once a second).
  useStore(state => state.containers.stats.version);
  if (!overlay) return null;
  const history = statsSession.sampler(services, overlay.engine)?.history(overlay.id) ?? [];
  const samples = history.length;
  const inner = width - OVERLAY_FRAME;
  const lines = statsLines(overlay, history, inner);
  return (
    <OverlayBox
      width={width}
      height={height}
      title={`stats ${sanitizeLine(overlay.name)} · ${samples ? `${samples} s sampled` : 'waiting for the first sample…'}`}
    >
      {lines.slice(0, contentRows(height)).map((line, i) => (
        <Text key={i} bold={line.bold} {...(line.dim ? theme.muted : undefined)} wrap="truncate-end">
          {truncateCells(sanitizeLine(line.text), inner) || ' '}
        </Text>
      ))}
    </OverlayBox>
  );
}
