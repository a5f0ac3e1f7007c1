import type {IncomingMessage} from 'node:http';
import type {Action} from '../store/actions.js';
import type {ConnectionState} from '../store/state.js';
import {errorMessage} from '../errors.js';
import {connectEngine, type EngineClient} from './client.js';
import {listContainers} from './containers.js';
import type {EngineTarget} from './target.js';

export type Dispatch = (action: Action) => void;

const BACKOFF_MS = [1000, 2000, 5000, 10_000];
// Bursts of events (compose up, prune) become one list refresh.
const COALESCE_MS = 100;
const MIN_REFRESH_MS = 500;

export function tlsLabel(target: EngineTarget): string {
  if (target.kind === 'ssh') return 'ssh';
  if (target.kind === 'unix') return 'socket';
  if (!target.tls) return 'plain';
  return target.tls.verify ? 'TLS' : 'TLS no-verify';
}

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

  constructor(
    readonly target: EngineTarget,
    private readonly dispatch: Dispatch,
  ) {}

  start(existing?: Promise<EngineClient>): void {
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
    if (this.client) void this.refresh();
    else {
      clearTimeout(this.retryTimer);
      void this.connect();
    }
  }

  private async connect(existing?: Promise<EngineClient>): Promise<void> {
    if (this.closed) return;
    try {
      const client = await (existing ?? connectEngine(this.target));
      if (this.closed) return client.close();
      this.client = client;
      this.attempt = 0;
      this.lastKnown = {
        target: this.target.url,
        engine: client.version.Version,
        api: client.api,
        os: `${client.version.Os}/${client.version.Arch}`,
        tls: tlsLabel(this.target),
        context: this.target.context,
        unencrypted: this.target.unencrypted,
      };
      this.dispatch({type: 'connection', connection: {status: 'connected', ...this.lastKnown}});
      await this.refresh();
      this.watchEvents();
    } catch (error) {
      this.lost(errorMessage(error));
    }
  }

  private lost(reason: string): void {
    if (this.closed) return;
    this.events?.destroy();
    this.events = undefined;
    this.client?.close();
    this.client = undefined;
    const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.dispatch({type: 'connection', connection: {status: 'down', ...this.lastKnown, target: this.target.url, reason, retryAt: Date.now() + delay}});
    this.dispatch({type: 'containers.stale'});
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private async refresh(): Promise<void> {
    const client = this.client;
    if (!client || this.closed) return;
    try {
      const items = await listContainers(client.docker);
      if (client === this.client) this.dispatch({type: 'containers.loaded', items});
    } catch (error) {
      if (client === this.client) this.lost(errorMessage(error));
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

  private watchEvents(): void {
    const client = this.client;
    if (!client) return;
    client.docker.getEvents({filters: {type: ['container']}}, (error, stream) => {
      if (client !== this.client) return (stream as IncomingMessage | undefined)?.destroy();
      if (error || !stream) return this.lost(errorMessage(error ?? 'no event stream'));
      const events = stream as IncomingMessage;
      this.events = events;
      // Any container event may change the list; the content is not needed, only the fact.
      events.on('data', () => this.scheduleRefresh());
      const end = () => {
        if (this.events === events && client === this.client) this.lost(`engine ${this.target.url}: the event stream ended (engine stopped or connection lost)`);
      };
      events.on('end', end);
      events.on('error', end);
      events.on('close', end);
    });
  }
}
