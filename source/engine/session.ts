import type {IncomingMessage} from 'node:http';
import {errorMessage} from '../errors.js';
import {connectEngine, engineProduct, type EngineClient} from './client.js';
import {describeLostConnection, tlsLabel, type ConnectionState} from './connection-state.js';
import {listContainers} from './containers/list.js';
import type {ContainerRow} from './containers/rows.js';
import type {EarlyList} from './early-list.js';
import {eventNames, patchContainers, rowLookup} from './containers/patch.js';
import {DEFAULT_ENGINE_TIMEOUTS, type EngineTimeouts} from './limits/timed-agent.js';
import type {EngineTarget} from './target.js';
import {itemAt} from '../util/item-at.js';
import {settledWithin} from '../util/settled-within.js';
import type {EngineEvent} from './events/engine-event.js';
import {happenedBefore, liveEventsFrom} from './events/before-start.js';
import {describeEventsError, followLiveEvents, isNetworkMembership, openLiveEvents} from './events/live-events.js';
import {trace} from '../trace.js';

export type {ConnectionState};
export type {EngineEvent};

// What the session reports; the UI turns these into store actions.
export type SessionListener = {
  // `facts`: the connection is the same one, now described by the engine's /version (read after the first list).
  connection(state: ConnectionState, facts?: true): void;
  containers(items: ContainerRow[]): void;
  // The engine is gone: lists on screen are out of date.
  stale(): void;
  // Every event of the watched types (container events also refresh the container list). `beforeStart`: the engine
  // replayed it from before berth's first request (events/before-start.ts): news to the lists, but no alert.
  event?(event: EngineEvent, beforeStart?: boolean): void;
};

const BACKOFF_MS = [1000, 2000, 5000, 10_000];
// Bursts of events (compose up, prune) become one list refresh.
const COALESCE_MS = 100;
const MIN_REFRESH_MS = 500;
// From this many containers an event's container is asked for alone and patched into the list (patch.ts) rather
// than the whole list read again: at 100,000 a full list is ~70 MB the engine walks and berth parses, for one row.
// Below it the full list costs a few milliseconds and is the engine's own word on every row.
export const PATCH_FROM_ROWS = 2000;
// The longest the first event stream waits for the UI's first frame (a start that draws nothing must not go unwatched).
export const SETTLE_WAIT_MS = 250;
// More containers named than this in one refresh (a prune, a compose down) and the whole list is cheaper.
const MAX_PATCHED = 200;

// Owns the engine connection for the UI: connects, lists, follows /events, and reconnects with backoff.
export class EngineSession {
  client?: EngineClient;
  private attempt = 0;
  private events?: IncomingMessage;
  private refreshTimer?: NodeJS.Timeout;
  private refreshing = false;
  private refreshAgain = false;
  private lastRefresh = 0;
  private retryTimer?: NodeJS.Timeout;
  private closed = false;
  private lastKnown?: Omit<Extract<ConnectionState, {status: 'connected'}>, 'status'>;
  // The list as last reported, and the containers events named since (patched in by the next refresh); `whole`:
  // the next refresh reads the whole list (an event without an ID, too many named, a reconnect).
  private items?: ContainerRow[];
  private named = new Map<string, string[]>();
  // Of those, the ones a `create` event named: new containers, in no row yet.
  private created = new Set<string>();
  private whole = true;
  // The list asked for with the connection, before the UI loaded: taken by the first refresh.
  private early?: Promise<EarlyList>;
  // When the early list was answered, on the engine's clock and ours, for the events asked for after it.
  private earlyAnswer?: Pick<EarlyList, 'engineTime' | 'answeredAt'>;
  // When the early requests were made (our clock), and that moment on the engine's clock once the events are asked
  // from a second before it.
  private startedAt?: number;
  private startOnEngine?: number;
  private settled?: Promise<unknown>;

  constructor(
    readonly target: EngineTarget,
    private readonly listener: SessionListener,
    // Event types to watch besides containers (views ask for image, service, … events).
    private readonly eventTypes: readonly string[] = [],
    // Shorter in tests; an engine's every connect and the event stream's start are bounded by these.
    private readonly timeouts: EngineTimeouts = DEFAULT_ENGINE_TIMEOUTS,
  ) {}

  // Its name among several engines: the context's (rows carry it as `engine`).
  get name(): string {
    return this.target.context;
  }

  // `existing`: the connection made before the UI loaded; `containers`: its first list, asked for at once;
  // `startedAt`: when those were asked (Date.now()); `settled`: what the first event stream and /version wait for
  // (the UI's first frame), for at most SETTLE_WAIT_MS.
  start(
    existing?: Promise<EngineClient>,
    containers?: Promise<EarlyList>,
    startedAt?: number,
    settled?: Promise<unknown>,
  ): void {
    this.early = containers;
    this.startedAt = startedAt;
    this.settled = settled;
    void this.connect(existing);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.refreshTimer);
    clearTimeout(this.retryTimer);
    this.events?.destroy();
    this.client?.close();
  }

  refreshNow(): void {
    // Asked for (ctrl-r): the whole list, whatever its length.
    this.whole = true;
    if (this.client) void this.refresh();
    else {
      clearTimeout(this.retryTimer);
      void this.connect();
    }
  }

  private async connect(existing?: Promise<EngineClient>): Promise<void> {
    if (this.closed) return;
    try {
      const client = await (existing ?? connectEngine(this.target, {timeouts: this.timeouts}));
      if (this.closed) return client.close();
      this.client = client;
      this.attempt = 0;
      this.listener.connection(this.describe(client));
      // Events asked for after an early list are asked from before it (before-start.ts, liveEventsFrom); an engine
      // that sent no Date header is listed once more once the events are watched.
      const early = Boolean(this.early);
      await this.refresh();
      const heard = early ? (this.earlyAnswer?.engineTime ?? client.pingedAt) : undefined;
      const {since, startOnEngine} = liveEventsFrom(heard, this.startedAt, this.earlyAnswer?.answeredAt ?? Date.now());
      this.startOnEngine = startOnEngine;
      // Their TLS handshakes (~4 ms of CPU each) come after the first frame rather than before it; the events are
      // asked from before the first list either way, so none is missed meanwhile.
      const settled = this.settled;
      this.settled = undefined;
      if (settled) await settledWithin(settled, SETTLE_WAIT_MS);
      if (this.closed || client !== this.client) return;
      this.watchEvents(since);
      if (early && since === undefined) {
        this.whole = true;
        this.scheduleRefresh();
      }
      await this.readFullVersion(client);
    } catch (error) {
      this.lost(errorMessage(error));
    }
  }

  private describe(client: EngineClient): Extract<ConnectionState, {status: 'connected'}> {
    const {version} = client;
    const facts = {
      target: this.target.url,
      engine: `${engineProduct(version)} ${version.Version}`,
      api: client.api,
      os: [version.Os, version.Arch].filter(Boolean).join('/'),
      tls: tlsLabel(this.target),
      context: this.target.context,
      unencrypted: this.target.unencrypted,
    };
    this.lastKnown = facts;
    return {status: 'connected', ...facts};
  }

  // The connection was made from /_ping; /version (slow on Podman) comes after the list, for the header's details.
  // It is only those details: an engine (or a proxy) whose /version fails or never answers while the list and
  // /events work keeps its connection, described as /_ping described it; the trace notes why.
  private async readFullVersion(client: EngineClient): Promise<void> {
    const before = client.version;
    try {
      await client.fullVersion();
    } catch (error) {
      trace.event({event: 'engine-version-unread', engine: this.name, reason: errorMessage(error)});
      return;
    }
    if (client !== this.client || this.closed || client.version === before) return;
    this.listener.connection(this.describe(client), true);
  }

  private lost(reason: string): void {
    if (this.closed) return;
    this.whole = true;
    this.early = undefined;
    this.events?.destroy();
    this.events = undefined;
    this.client?.close();
    this.client = undefined;
    const delay = itemAt(BACKOFF_MS, Math.min(this.attempt, BACKOFF_MS.length - 1));
    this.attempt += 1;
    this.listener.connection({
      status: 'down',
      // How the engine is reached is known from its target, answered or not (the header shows TLS while it is away).
      tls: tlsLabel(this.target),
      context: this.target.context,
      unencrypted: this.target.unencrypted,
      ...this.lastKnown,
      target: this.target.url,
      reason,
      retryAt: Date.now() + delay,
    });
    this.listener.stale();
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private async refresh(): Promise<void> {
    const client = this.client;
    if (!client || this.closed) return;
    const previous = this.items;
    // Nothing named and nothing asking for the whole list (a refresh queued behind another that took both): the whole
    // list, as an empty id filter is no filter at all to the engine.
    const patch =
      !this.whole && previous && this.named.size > 0 && this.named.size <= MAX_PATCHED ? this.named : undefined;
    const created = this.created;
    this.named = new Map();
    this.created = new Set();
    this.whole = false;
    const asked = performance.now();
    try {
      const early = this.early;
      this.early = undefined;
      let listed: ContainerRow[];
      if (early && !patch) {
        const list = await early;
        // The two times only: the rows must not outlive the list that replaces them.
        this.earlyAnswer = {engineTime: list.engineTime, answeredAt: list.answeredAt};
        listed = list.rows;
      } else listed = await listContainers(client.docker, patch ? {ids: [...patch.keys()]} : {});
      // Where a long list's first screen waits (docs/benchmarks.md, "Large lists"): the answer read and parsed.
      trace.event({event: 'containers-listed', ms: Math.round(performance.now() - asked), rows: listed.length});
      // Each row says which engine it is on: two engines may hold the same container ID or name.
      for (const item of listed) item.engine = this.name;
      const items =
        patch && previous
          ? patchContainers(previous, new Set(patch.keys()), listed, rowLookup(previous, patch, listed, created))
          : listed;
      if (client !== this.client) return;
      this.items = items;
      this.listener.containers(items);
    } catch (error) {
      this.whole = true;
      if (client === this.client) this.lost(describeLostConnection(this.target.url, error));
    }
  }

  // At most one list in flight and one every MIN_REFRESH_MS while events pour in (compose up, a thousand
  // containers created): each list makes the engine walk every container.
  private scheduleRefresh(): void {
    if (this.closed) return;
    if (this.refreshTimer || this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    const delay = Math.max(COALESCE_MS, this.lastRefresh + MIN_REFRESH_MS - Date.now());
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.refreshing = true;
      this.lastRefresh = Date.now();
      void this.refresh().finally(() => {
        this.refreshing = false;
        if (this.refreshAgain) {
          this.refreshAgain = false;
          this.scheduleRefresh();
        }
      });
    }, delay);
  }

  private onEvent(event: EngineEvent): void {
    if (event.Type === 'container') this.containerEvent(event);
    else if (isNetworkMembership(event)) this.containerChanged(event.Actor?.Attributes?.container ?? '');
    const replayed = happenedBefore(event, this.startOnEngine);
    // Events come in order: after the first one from berth's time on, none is a replay (an engine clock stepped back
    // later must not silence alerts).
    if (!replayed) this.startOnEngine = undefined;
    this.listener.event?.(event, replayed);
  }

  private containerEvent(event: EngineEvent): void {
    const id = event.Actor?.ID;
    // With the names it gave, by which the patch finds the container's row.
    this.containerChanged(id, eventNames(event.Actor?.Attributes));
    if (id && event.Action === 'create' && this.named.has(id)) this.created.add(id);
  }

  private containerChanged(id: string | undefined, names: readonly string[] = []): void {
    if (id && (this.items?.length ?? 0) >= PATCH_FROM_ROWS)
      this.named.set(id, [...(this.named.get(id) ?? []), ...names]);
    else this.whole = true;
    this.scheduleRefresh();
  }

  private watchEvents(since?: number): void {
    const client = this.client;
    if (!client) return;
    const types = [...new Set(['container', ...this.eventTypes])];
    openLiveEvents(client, types, since, this.timeouts).then(
      stream => this.followEvents(client, stream),
      (error: unknown) => {
        if (client === this.client) this.lost(describeEventsError(this.target, error, this.timeouts));
      },
    );
  }

  private followEvents(client: EngineClient, events: IncomingMessage): void {
    if (client !== this.client) return void events.destroy();
    this.events = events;
    followLiveEvents(
      events,
      event => this.onEvent(event),
      () => {
        if (this.events === events && client === this.client)
          this.lost(
            `engine ${this.target.url}: connection lost (the event stream ended): the engine stopped or restarted, or the network dropped`,
          );
      },
    );
  }
}
