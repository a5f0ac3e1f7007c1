import {shellQuote} from '../../command-log.js';
import type {Availability} from './operations.js';

// The docker CLI commands that do what berth did, for the command log. A secret's value never appears: a
// secret made from a prompt or stdin is `docker secret create NAME -`, from a file `docker secret create NAME FILE`.
const render = (words: string[]) => words.map(shellQuote).join(' ');

export const dockerScaleCommand = (service: string, replicas: number) =>
  render(['docker', 'service', 'scale', `${service}=${replicas}`]);
export const dockerRedeployCommand = (service: string) => render(['docker', 'service', 'update', '--force', service]);
export const dockerServiceRmCommand = (service: string) => render(['docker', 'service', 'rm', service]);
export const dockerNodeAvailabilityCommand = (node: string, availability: Availability) =>
  render(['docker', 'node', 'update', '--availability', availability, node]);
export const dockerSecretCreateCommand = (name: string, file?: string) =>
  render(['docker', 'secret', 'create', name, file ?? '-']);
export const dockerSecretRmCommand = (name: string) => render(['docker', 'secret', 'rm', name]);
