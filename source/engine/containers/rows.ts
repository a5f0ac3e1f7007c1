import type Docker from 'dockerode';
import {composeLabels, type ComposeLabels} from '../compose/labels.js';
import {compareNatural, compareText, naturalKey} from '../../text/compare.js';

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

// One copy of each text that many rows share (an image, a status, a network's ID, a label's value) and of each
// set of networks: JSON.parse makes a new string for every occurrence. At 100,000 containers this took the heap
// from 106 to 81 MB (docs/benchmarks.md, "Large lists"). One per list read, so nothing outlives the rows.
class Shared {
  private readonly texts = new Map<string, string>();
  private readonly networks = new Map<string, readonly {name: string; id: string}[]>();
  text(text: string): string {
    const known = this.texts.get(text);
    if (known !== undefined) return known;
    this.texts.set(text, text);
    return text;
  }
  networkList(networks: {name: string; id: string}[]): readonly {name: string; id: string}[] {
    const key = networks.map(network => `${network.name}\u0000${network.id}`).join('\u0000');
    const known = this.networks.get(key);
    if (known) return known;
    this.networks.set(key, networks);
    return networks;
  }
}

function internedLabels(
  labels: Record<string, string> | undefined,
  shared: Shared | undefined,
): Record<string, string> {
  if (!shared) return labels ?? {};
  const out: Record<string, string> = {};
  for (const key in labels) {
    const value = labels[key];
    if (typeof value === 'string') out[key] = shared.text(value);
  }
  return out;
}

function rowOf(info: Docker.ContainerInfo, shared?: Shared): ContainerRow {
  const intern = (text: string) => (shared ? shared.text(text) : text);
  const labels = internedLabels(info.Labels, shared);
  return {
    id: info.Id,
    name: (info.Names?.[0] ?? info.Id.slice(0, 12)).replace(/^\//, ''),
    image: intern(info.Image),
    state: intern(info.State),
    status: intern(info.Status),
    ports: intern(formatPorts(info.Ports)),
    created: info.Created,
    listedAt: Date.now(),
    sizeRw: (info as {SizeRw?: number}).SizeRw,
    sizeRootFs: (info as {SizeRootFs?: number}).SizeRootFs,
    compose: composeLabels(labels),
    labels,
    volumes: volumesOf(info, intern),
    networks: networksOf(info, intern, shared),
  };
}

const NONE: readonly never[] = Object.freeze([]);

function volumesOf(info: Docker.ContainerInfo, intern: (text: string) => string): readonly string[] {
  const names = (info.Mounts ?? []).filter(mount => mount.Type === 'volume' && mount.Name);
  return names.length ? names.map(mount => intern(mount.Name ?? '')) : NONE;
}

function networksOf(
  info: Docker.ContainerInfo,
  intern: (text: string) => string,
  shared: Shared | undefined,
): readonly {name: string; id: string}[] {
  const entries = Object.entries((info.NetworkSettings?.Networks ?? {}) as Record<string, {NetworkID?: string}>);
  if (!entries.length) return NONE;
  const networks = entries.map(([name, settings]) => ({name: intern(name), id: intern(settings?.NetworkID ?? '')}));
  return shared ? shared.networkList(networks) : networks;
}

export const toContainerRow = (info: Docker.ContainerInfo): ContainerRow => rowOf(info);

// Rows of one list read, sharing one interner.
export function containerRowMaker(): (info: Docker.ContainerInfo) => ContainerRow {
  const shared = new Shared();
  return info => rowOf(info, shared);
}

type Ordered = Pick<ContainerRow, 'state' | 'name'>;

const rank = (row: Ordered) =>
  row.state === 'running' ? 0 : row.state === 'paused' || row.state === 'restarting' ? 1 : 2;

// Running first, then by name (docs/contract.md, "Views").
export const compareContainers = (a: Ordered, b: Ordered): number =>
  rank(a) - rank(b) || compareNatural(a.name, b.name);

// In compareContainers' order, each row's key made once (text/compare.ts, naturalKey).
export function sortContainers(rows: ContainerRow[]): ContainerRow[] {
  const keyed = rows.map(row => ({row, key: `${rank(row)}${naturalKey(row.name)}`}));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : compareText(a.row.name, b.row.name)));
  for (let i = 0; i < keyed.length; i++) rows[i] = keyed[i]!.row;
  return rows;
}

// A row's identity in a list (marks, cursor): the same ID may be on two engines.
export const containerKey = (row: Pick<ContainerRow, 'id' | 'engine'>): string =>
  row.engine ? `${row.engine}/${row.id}` : row.id;
