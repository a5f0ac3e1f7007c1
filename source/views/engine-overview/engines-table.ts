import {engineProduct} from '../../engine/client.js';
import {connectionFacts, diskUsage, humanSize, type DiskUsage} from '../../engine/engine-info/index.js';
import {errorMessage} from '../../errors.js';
import type {EngineSession} from '../../engine/session.js';
import type {EngineStatus} from '../../store/state.js';
import {perApp} from '../kit/runtime.js';
import type {Services} from '../types.js';
import {columnWidths, contentWidths, joinCells, type Column} from '../kit/columns.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {cellWidth} from '../../text/cells.js';

// The engine view with several engines: one row per engine, side by side — its connection, what it runs, when its TLS
// client certificate expires, and its disk use (/system/df, read when the view opens and on ctrl-r). The sections
// under it are about the first engine.

export type EngineDisk = {disk?: DiskUsage; error?: string};

type Line = {text: string; title?: boolean; role?: 'error' | 'warning'};

const loads = perApp(() => ({generation: 0}));

export function loadEngineDisks(services: Services): void {
  const sessions = services.engines();
  if (sessions.length < 2) return;
  const self = loads(services);
  const mine = ++self.generation;
  // Every engine at once; one that is away or slow leaves its cell saying so.
  for (const session of sessions) {
    const client = session.client;
    if (!client) continue;
    void diskUsage(client.docker, {timeoutMs: 15_000}).then(
      disk => mine === self.generation && services.dispatch({type: 'engine.disk', name: session.name, disk}),
      (error: unknown) =>
        mine === self.generation &&
        services.dispatch({type: 'engine.disk', name: session.name, error: errorMessage(error)}),
    );
  }
}

// One engine's row: what each column reads, and how it is coloured (down: error; a certificate expiring: warning).
type EngineRow = {cells: readonly string[]; role?: 'error' | 'warning'; reason?: string};

const cellAt = (i: number) => (row: EngineRow) => row.cells[i] ?? '';
// ENGINE and STATUS always show; the others join while they fit, and what did not fit is said under the row.
const COLUMNS: readonly Column<EngineRow>[] = [
  {id: 'engine', title: 'ENGINE', cell: cellAt(0), required: true, max: 24},
  {id: 'status', title: 'STATUS', cell: cellAt(1), required: true},
  {id: 'version', title: 'VERSION', cell: cellAt(2)},
  {id: 'connection', title: 'CONNECTION', cell: cellAt(3)},
  {id: 'tls', title: 'TLS CERT EXPIRES', cell: cellAt(4)},
  {id: 'disk', title: 'DISK', cell: cellAt(5)},
];

export function enginesLines(
  sessions: readonly EngineSession[],
  statuses: readonly EngineStatus[],
  disks: Readonly<Record<string, EngineDisk>>,
  width: number,
): Line[] {
  const rows = sessions.map((session): EngineRow => {
    const status = statuses.find(engine => engine.name === session.name)?.connection;
    const version = session.client?.version;
    const facts = connectionFacts(session.target, session.client?.api);
    const client = facts.tls?.certificates.find(certificate => certificate.role === 'client certificate');
    const disk = disks[session.name];
    return {
      cells: [
        session.name,
        status?.status === 'connected' ? 'connected' : status?.status === 'down' ? 'DOWN' : 'connecting',
        version ? `${engineProduct(version)} ${version.Version} API ${session.client?.api ?? ''}` : '–',
        facts.transport,
        client?.notAfter ? `${client.notAfter.slice(0, 10)} (${client.daysLeft ?? '?'} days)` : '–',
        disk?.disk
          ? `${humanSize(disk.disk.total)} (${humanSize(disk.disk.reclaimable)} reclaimable)`
          : disk?.error
            ? 'unknown'
            : session.client
              ? '…'
              : '–',
      ],
      role:
        status?.status === 'down'
          ? 'error'
          : client?.daysLeft !== undefined && client.daysLeft < 30
            ? 'warning'
            : undefined,
      reason: status?.status === 'down' ? status.reason : disk?.error ? `disk use: ${disk.error}` : undefined,
    };
  });
  const cells = rows.map(row => COLUMNS.map(column => sanitizeLine(column.cell(row))));
  const content = contentWidths(COLUMNS, cells);
  // The lines are drawn two cells in (the view's padding and the table's indent).
  const widths = columnWidths(COLUMNS, content, Math.max(20, width - 3));
  const line = (texts: readonly string[]) => `  ${joinCells(COLUMNS, widths, texts)}`;
  const lines: Line[] = [
    {text: `Engines (${sessions.length}; the sections below are about ${sessions[0]?.name ?? '?'})`, title: true},
    {
      text: line(COLUMNS.map(column => column.title)),
    },
  ];
  rows.forEach((row, r) => {
    const texts = cells[r] ?? [];
    lines.push({text: line(texts), role: row.role});
    // What a narrow terminal left out or cut, in full under the row: nothing about an engine is out of reach.
    const hidden = COLUMNS.flatMap((column, i) =>
      texts[i] && cellWidth(texts[i]) > (widths[i] ?? 0) ? [`${column.title.toLowerCase()} ${texts[i]}`] : [],
    );
    for (const text of hidden) lines.push({text: `    ${text}`, role: row.role});
    if (row.reason) lines.push({text: `    ${row.cells[0]}: ${row.reason}`, role: row.role});
  });
  lines.push({text: ''});
  return lines;
}
