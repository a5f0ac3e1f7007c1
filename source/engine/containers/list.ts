import type Docker from 'dockerode';
import {composeLabels, type ComposeLabels} from '../compose/labels.js';
import {listContainerInfos} from '../limits/engine-reads.js';
import {compareText} from '../../text/compare.js';

export type ContainerRow = {
  id: string;
  // The engine (its context's name) the row was listed from: with several engines, a row is engine + id.
  engine?: string;
  name: string;
  image: string;
  state: string;
  status: string;
  ports: string;
  created: number;
  sizeRw?: number;
  sizeRootFs?: number;
  // When the engine wrote `status` (its durations are relative to then).
  listedAt?: number;
  // The com.docker.compose.* labels of a container compose made (the compose view groups projects by them).
  compose?: ComposeLabels;
  labels?: Readonly<Record<string, string>>;
  // Named volumes it mounts and networks it is connected to (the volumes and networks views show who uses what from these).
  volumes?: readonly string[];
  networks?: readonly {name: string; id: string}[];
};

function formatPorts(ports: Docker.Port[] | undefined): string {
  if (!ports?.length) return '';
  const seen = new Set<string>();
  for (const port of ports) {
    const text = port.PublicPort
      ? `${port.IP && port.IP !== '0.0.0.0' && port.IP !== '::' ? `${port.IP}:` : ''}${port.PublicPort}->${port.PrivatePort}/${port.Type}`
      : `${port.PrivatePort}/${port.Type}`;
    seen.add(text);
  }
  return [...seen].join(', ');
}

export function toContainerRow(info: Docker.ContainerInfo): ContainerRow {
  return {
    id: info.Id,
    name: (info.Names?.[0] ?? info.Id.slice(0, 12)).replace(/^\//, ''),
    image: info.Image,
    state: info.State,
    status: info.Status,
    ports: formatPorts(info.Ports),
    created: info.Created,
    listedAt: Date.now(),
    sizeRw: (info as {SizeRw?: number}).SizeRw,
    sizeRootFs: (info as {SizeRootFs?: number}).SizeRootFs,
    compose: composeLabels(info.Labels),
    labels: info.Labels ?? {},
    volumes: (info.Mounts ?? []).filter(mount => mount.Type === 'volume' && mount.Name).map(mount => mount.Name!),
    networks: Object.entries((info.NetworkSettings?.Networks ?? {}) as Record<string, {NetworkID?: string}>).map(
      ([name, settings]) => ({name, id: settings?.NetworkID ?? ''}),
    ),
  };
}

// Running first, then by name (docs/contract.md, "Views").
export function sortContainers(rows: ContainerRow[]): ContainerRow[] {
  const rank = (row: ContainerRow) =>
    row.state === 'running' ? 0 : row.state === 'paused' || row.state === 'restarting' ? 1 : 2;
  return rows.sort((a, b) => rank(a) - rank(b) || compareText(a.name, b.name));
}

export async function listContainers(docker: Docker, options: {size?: boolean} = {}): Promise<ContainerRow[]> {
  const infos = await listContainerInfos(docker, {size: options.size ?? false});
  return sortContainers(infos.map(toContainerRow));
}

// A row's identity in a list (marks, cursor): the same ID may be on two engines.
export const containerKey = (row: Pick<ContainerRow, 'id' | 'engine'>): string =>
  row.engine ? `${row.engine}/${row.id}` : row.id;
