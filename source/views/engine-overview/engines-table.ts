import {engineProduct} from '../../engine/client.js';
import {connectionFacts, diskUsage, humanSize, type DiskUsage} from '../../engine/engine-info/index.js';
import {errorMessage} from '../../errors.js';
import type {EngineSession} from '../../engine/session.js';
import type {EngineStatus} from '../../store/state.js';
import {perApp} from '../kit/runtime.js';
import type {Services} from '../types.js';

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

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));

export function enginesLines(
  sessions: readonly EngineSession[],
  statuses: readonly EngineStatus[],
  disks: Readonly<Record<string, EngineDisk>>,
): Line[] {
  const rows = sessions.map(session => {
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
          ? ('error' as const)
          : client?.daysLeft !== undefined && client.daysLeft < 30
            ? ('warning' as const)
            : undefined,
      reason: status?.status === 'down' ? status.reason : disk?.error ? `disk use: ${disk.error}` : undefined,
    };
  });
  const header = ['ENGINE', 'STATUS', 'VERSION', 'CONNECTION', 'TLS CERT EXPIRES', 'DISK'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map(row => row.cells[i].length)));
  const line = (cells: readonly string[]) =>
    `  ${cells.map((cell, i) => (i === cells.length - 1 ? cell : pad(cell, widths[i]))).join('  ')}`;
  const lines: Line[] = [
    {text: `Engines (${sessions.length}; the sections below are about ${sessions[0].name})`, title: true},
  ];
  lines.push({text: line(header)});
  for (const row of rows) {
    lines.push({text: line(row.cells), role: row.role});
    if (row.reason) lines.push({text: `    ${row.cells[0]}: ${row.reason}`, role: row.role});
  }
  lines.push({text: ''});
  return lines;
}
