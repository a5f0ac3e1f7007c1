import {listContexts} from '../../engine/contexts.js';
import {resolveEngineTarget, type EngineTarget} from '../../engine/target.js';
import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';
import type {ContextRow} from './state.js';

// The docker CLI's contexts (the same store, with their TLS material), and "default": the local socket.
export function contextRows(current: string | undefined, env: NodeJS.ProcessEnv = process.env): ContextRow[] {
  const rows: ContextRow[] = [
    {name: 'default', host: 'the local socket (unix:///var/run/docker.sock)', current: current === 'default'},
  ];
  for (const context of listContexts(env))
    rows.push({name: context.name, host: context.host, current: context.name === current});
  return rows;
}

export function contextTarget(name: string, env: NodeJS.ProcessEnv = process.env): EngineTarget {
  // The context alone decides: DOCKER_HOST and DOCKER_CONTEXT from the shell would override it.
  const {
    DOCKER_HOST: _host,
    DOCKER_CONTEXT: _context,
    DOCKER_TLS_VERIFY: _verify,
    DOCKER_CERT_PATH: _certs,
    ...rest
  } = env;
  return resolveEngineTarget(
    {context: name},
    name === 'default' ? {...rest, DOCKER_CONFIG: '/nonexistent-berth-default-context'} : rest,
  );
}

export function openContexts(services: Services): void {
  try {
    const rows = contextRows(services.engine()?.target.context);
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
