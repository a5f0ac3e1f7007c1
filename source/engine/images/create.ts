import type Docker from 'dockerode';
import {engineMessage} from '../engine-error.js';

export type CreateRequest = {name?: string; image: string; cmd?: string[]; env?: string[]; tty?: boolean};

const NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;

// The engine's own rule for container names (moby daemon/names.go), checked first so the error names the fix.
export function checkContainerName(name: string): string | undefined {
  if (NAME.test(name)) return undefined;
  return `container name "${name}" is not valid: use letters, digits, _ . - and start with a letter or digit`;
}

// POST /containers/create without a start: the container shows up as Created.
export async function createContainer(
  docker: Docker,
  request: CreateRequest,
): Promise<{id: string; warnings: string[]}> {
  if (request.name) {
    const problem = checkContainerName(request.name);
    if (problem) throw new Error(problem);
  }
  try {
    // _query/_body keep the body (Env may hold secrets) out of the URL, where modem would otherwise copy it.
    const container = await docker.createContainer({
      _query: request.name ? {name: request.name} : {},
      _body: {
        Image: request.image,
        ...(request.cmd?.length ? {Cmd: request.cmd} : {}),
        Env: request.env ?? [],
        Tty: request.tty ?? false,
        OpenStdin: request.tty ?? false,
        AttachStdin: false,
        AttachStdout: true,
        AttachStderr: true,
      },
    } as never);
    return {id: container.id, warnings: []};
  } catch (error) {
    const message = engineMessage(error);
    if ((error as {statusCode?: number}).statusCode === 404)
      throw new Error(
        `image ${request.image}: not found in the engine; pull or load it first (berth images lists what is there)`,
        {cause: error},
      );
    if ((error as {statusCode?: number}).statusCode === 409)
      throw new Error(`container name ${request.name}: already in use; pick another name or remove that container`, {
        cause: error,
      });
    throw new Error(`create from ${request.image}: ${message}`, {cause: error});
  }
}
