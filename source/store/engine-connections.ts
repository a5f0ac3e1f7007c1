import type {AppState, ConnectionState, EngineStatus} from './state.js';

// Several engines at once: each reports its own connection; the shell's `connection` (the banner, the lists'
// "engine not connected") is down only when every engine is, so one engine gone never hides the others.
export function withEngineConnection(state: AppState, name: string, connection: ConnectionState): AppState {
  if (!state.engines) return {...state, connection};
  const engines = state.engines.map(engine => (engine.name === name ? {name, connection} : engine));
  // `engines` is set only with several engines, so there is a first one; with none there is nothing to combine.
  const [first] = engines;
  return {...state, engines, connection: first ? overall(first, engines) : connection};
}

function overall(firstEngine: EngineStatus, engines: readonly EngineStatus[]): ConnectionState {
  const connected = engines.find(engine => engine.connection.status === 'connected');
  // The first engine's details while it is up (the header of the images, compose, registry, engine, swarm, volumes and networks views is about it), else any that is up.
  const first = firstEngine.connection;
  if (first.status === 'connected') return first;
  if (connected) return connected.connection;
  if (engines.some(engine => engine.connection.status === 'connecting'))
    return {status: 'connecting', target: first.target};
  const down = engines.map(engine => engine.connection).filter(c => c.status === 'down');
  return {
    ...(first as Extract<ConnectionState, {status: 'down'}>),
    reason: engines
      .map(engine => `${engine.name}: ${engine.connection.status === 'down' ? engine.connection.reason : 'down'}`)
      .join(' · '),
    retryAt: Math.min(...down.map(c => c.retryAt)),
  };
}

export const severalEngines = (state: Pick<AppState, 'engines'>): boolean => (state.engines?.length ?? 0) > 1;

// Engines whose rows are out of date (dim, marked) because the engine is away.
export function downEngines(state: Pick<AppState, 'engines'>): readonly string[] {
  return (state.engines ?? []).filter(engine => engine.connection.status !== 'connected').map(engine => engine.name);
}

// Why the named engine (the only one when there is one) is away, or undefined while it answers or is connecting.
export function engineAwayReason(state: Pick<AppState, 'engines' | 'connection'>, name?: string): string | undefined {
  const connection = state.engines?.find(engine => engine.name === name)?.connection ?? state.connection;
  return connection.status === 'down' ? connection.reason : undefined;
}
