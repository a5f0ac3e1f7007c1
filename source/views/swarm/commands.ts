import {oneArg} from '../command-line.js';
import {readFileSync} from 'node:fs';
import {parseReplicas} from '../../engine/swarm/operations.js';
import type {CommandSpec, Services} from '../types.js';
import {createSecretFrom} from './effects.js';
import {parseScaleArgs, redeploy, scaleTo} from './scale.js';
import {findService, shownSwarmEngine} from './selectors.js';

// The engine the swarm view shows, as a message names it.
const thisEngine = (services: Services) => {
  const engine = shownSwarmEngine(services.store.get());
  return engine ? `engine ${engine} (view 6 shows it; /engine:NAME there picks another)` : 'this engine';
};

function service(services: Services, name: string) {
  const state = services.store.get();
  if (!state.swarm.role?.manager) throw new Error(`${thisEngine(services)} is not a swarm manager (view 6 needs one)`);
  const row = findService(state, name);
  if (!row) throw new Error(`no service "${name}" (view 6 lists them)`);
  return row;
}

export const SWARM_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'scale',
    usage: ':scale SERVICE=N [SERVICE=N...] (replicated services; N a whole number ≥ 0)',
    changes: true,
    run(services, args) {
      // Every argument is checked before anything is scaled.
      const asked = parseScaleArgs(args).map(({service: name, replicas}) => ({
        row: service(services, name),
        replicas: parseReplicas(replicas),
      }));
      for (const {row, replicas} of asked) void scaleTo(services, row, replicas);
      return undefined;
    },
  },
  {
    name: 'redeploy',
    usage: ':redeploy SERVICE (a rolling update of every task, as docker service update --force)',
    changes: true,
    run(services, args) {
      void redeploy(services, service(services, oneArg(args, 'give one service: :redeploy SERVICE')));
      return undefined;
    },
  },
  {
    name: 'secret',
    usage: ':secret create NAME [FILE] (without FILE the value is typed masked)',
    changes: true,
    run(services, args) {
      const [verb, name, file, ...rest] = args;
      if (verb !== 'create' || !name || rest.length) throw new Error('usage: :secret create NAME [FILE]');
      if (!services.store.get().swarm.role?.manager)
        throw new Error(`${thisEngine(services)} is not a swarm manager (secrets live on managers)`);
      if (file === '-')
        throw new Error(
          'standard input is not available inside the UI: give a FILE, or no FILE to type the value masked',
        );
      if (file) {
        let value: Buffer;
        try {
          value = readFileSync(file);
        } catch (error) {
          throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`, {
            cause: error,
          });
        }
        void createSecretFrom(services, name, value, file);
      } else services.dispatch({type: 'overlay.show', overlay: {kind: 'swarmSecretValue', name, draft: ''}});
      return undefined;
    },
  },
];
