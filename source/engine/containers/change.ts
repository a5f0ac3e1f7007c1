import type Docker from 'dockerode';
import {engineMessage} from '../engine-error.js';
import type {Limits} from './update-values.js';

// docker's own rule for a container name (RestrictedNamePattern): a letter or digit, then at least one more of
// letters, digits, _ . -
const CONTAINER_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

// Why a name is not one docker takes, in one line; undefined when it is.
export function containerNameProblem(name: string): string | undefined {
  if (CONTAINER_NAME.test(name)) return undefined;
  return `"${name}" is not a name docker takes: [a-zA-Z0-9][a-zA-Z0-9_.-]+`;
}

// POST /containers/{id}/rename; the engine's refusal (a name in use) in its own words.
export async function renameContainer(docker: Docker, id: string, name: string): Promise<void> {
  try {
    await docker.getContainer(id).rename({name});
  } catch (error) {
    throw new Error(engineMessage(error), {cause: error});
  }
}

// POST /containers/{id}/update with only the fields to change; the engine's warnings are returned to be said.
// Podman 4.3's Docker-compatible API has no such endpoint (404 "Not Found"): said so, not as a missing container.
export async function updateContainer(docker: Docker, id: string, body: Limits, podman = false): Promise<string[]> {
  try {
    const answer = (await docker.getContainer(id).update(body)) as {Warnings?: unknown} | undefined;
    return Array.isArray(answer?.Warnings) ? answer.Warnings.filter(w => typeof w === 'string') : [];
  } catch (error) {
    const status = (error as {statusCode?: number}).statusCode;
    if (podman && status === 404 && !/no such container/i.test(engineMessage(error)))
      throw new Error("Podman's API has no update (use podman update)", {cause: error});
    throw new Error(shortRefusal(engineMessage(error)), {cause: error});
  }
}

// An update refusal as one line: runc's and the cgroup's words inside the engine's message shortened (the 64-digit
// ID, runc's exit status, the cgroup path down to its file).
export function shortRefusal(message: string): string {
  return message
    .replace(/\^J|\s+/g, ' ')
    .replace(/(container) [0-9a-f]{64}:/, '$1:')
    .replace(/runc did not terminate successfully: exit status \d+: /, '')
    .replace(/\/sys\/fs\/cgroup\/\S*\/([^/\s]+)/g, '$1')
    .replace(/: unknown$/, '')
    .trim();
}
