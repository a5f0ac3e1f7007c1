import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {MAX_INSPECT_BYTES, engineName, readBoundedJson, readBoundedJsonArray} from './bounded-json.js';
import {LIST_FIX, MAX_CONTAINER_LIST_BYTES, MAX_CONTAINER_ROWS, tooManyContainers} from './list-bounds.js';

const STATUS_CODES = {200: true, 400: 'bad request', 404: 'no such container', 500: 'server error'};

// GET /containers/json within MAX_CONTAINER_LIST_BYTES and MAX_CONTAINER_ROWS, each row handed to `each` as it
// is parsed (the list view keeps its own small rows, never the engine's whole answer).
export async function listContainerInfos<R = Docker.ContainerInfo>(
  docker: Docker,
  options: {size?: boolean; filters?: Record<string, string[]>} = {},
  limits: {maxBytes?: number; maxRows?: number} = {},
  each: (info: Docker.ContainerInfo) => R = info => info as R,
): Promise<R[]> {
  const query: Record<string, unknown> = {all: true};
  if (options.size) query.size = true;
  if (options.filters) query.filters = options.filters;
  const maxRows = limits.maxRows ?? MAX_CONTAINER_ROWS;
  const rows: R[] = [];
  let count = 0;
  const whole = await readBoundedJsonArray(
    docker,
    {
      path: '/containers/json?',
      method: 'GET',
      options: query,
      statusCodes: STATUS_CODES,
      maxBytes: limits.maxBytes ?? MAX_CONTAINER_LIST_BYTES,
      what: 'container list',
      fix: LIST_FIX,
    },
    info => {
      // Past the bound the rest is only counted, for the message.
      if (++count > maxRows) return;
      // A row without an Id cannot be acted on or keyed; the engine never sends one, a proxy might.
      if (!!info && typeof info === 'object' && typeof (info as {Id?: unknown}).Id === 'string')
        rows.push(each(info as Docker.ContainerInfo));
    },
  );
  if (whole !== undefined)
    throw new BerthError(
      `engine ${engineName(docker)}: the container list is not a JSON list; check that it is a Docker engine`,
    );
  if (count > maxRows) throw tooManyContainers(`engine ${engineName(docker)}`, count, maxRows);
  return rows;
}

// GET /containers/{id}/json within MAX_INSPECT_BYTES.
export async function inspectContainer(
  docker: Docker,
  id: string,
  limits: {maxBytes?: number} = {},
): Promise<Docker.ContainerInspectInfo> {
  return readBoundedJson<Docker.ContainerInspectInfo>(docker, {
    path: `/containers/${encodeURIComponent(id)}/json`,
    method: 'GET',
    statusCodes: STATUS_CODES,
    maxBytes: limits.maxBytes ?? MAX_INSPECT_BYTES,
    what: `inspect result of container ${id.slice(0, 64)}`,
    fix: 'the container carries more labels or environment than berth shows; use docker inspect',
  });
}
