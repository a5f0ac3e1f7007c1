import {listContexts} from '../../engine/contexts.js';
import {resolveEngineTarget, type EngineTarget} from '../../engine/target.js';
import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';
import type {ContextRow} from './state.js';

// An endpoint as the header and the engine view show it.
export const describeTarget = (target: EngineTarget) => `${target.url}${target.tls ? ' TLS' : ''}`;

// The docker CLI's contexts (the same store, with their TLS material), and "default": as for `docker context
// ls`, DOCKER_HOST (with its TLS settings) when the shell sets it, else the local socket. When berth shows the
// default context now (DOCKER_HOST or --host), that row names the engine on screen.
export function contextRows(current: EngineTarget | undefined, env: NodeJS.ProcessEnv = process.env): ContextRow[] {
  const onDefault = current?.context === 'default';
  const rows: ContextRow[] = [
    {
      name: 'default',
      host: describeTarget(onDefault ? current : contextTarget('default', env)),
      current: onDefault,
    },
  ];
  for (const context of listContexts(env))
    rows.push({
      name: context.name,
      host: `${context.host}${context.tlsDir ? ' TLS' : ''}`,
      current: context.name === current?.context,
    });
  return rows;
}

export function contextTarget(name: string, env: NodeJS.ProcessEnv = process.env): EngineTarget {
  const {
    DOCKER_HOST: _host,
    DOCKER_CONTEXT: _context,
    DOCKER_TLS_VERIFY: _verify,
    DOCKER_CERT_PATH: _certs,
    ...rest
  } = env;
  // "default" is what docker means by it: DOCKER_HOST and its TLS settings, else the local socket (the config's
  // current context does not count). Another context alone decides: DOCKER_HOST would override it.
  if (name === 'default') {
    const {DOCKER_CONTEXT: _ignored, ...withHost} = env;
    return resolveEngineTarget(
      {},
      withHost.DOCKER_HOST ? withHost : {...withHost, DOCKER_CONFIG: '/nonexistent-berth-default-context'},
    );
  }
  return resolveEngineTarget({context: name}, rest);
}

// The contexts' names, for tab: none when the docker config cannot be read (opening the list says why).
export function contextNames(env: NodeJS.ProcessEnv = process.env): string[] {
  try {
    return contextRows(undefined, env).map(row => row.name);
  } catch {
    return [];
  }
}

export function openContexts(services: Services): void {
  try {
    const rows = contextRows(services.engine()?.target);
    const current = Math.max(
      0,
      rows.findIndex(row => row.current),
    );
    services.dispatch({type: 'overlay.show', overlay: {kind: 'contexts', items: rows, scroll: current}});
  } catch (error) {
    services.status(`docker contexts: ${errorMessage(error)}`, 'error');
  }
}

export async function switchContext(services: Services, name: string): Promise<void> {
  let target: EngineTarget;
  try {
    target = contextTarget(name);
  } catch (error) {
    services.status(errorMessage(error), 'error');
    return;
  }
  await services.switchEngine(target);
}
