import type Docker from 'dockerode';
import {listContainerInfos} from '../limits/engine-reads.js';
import {containerRowMaker, sortContainers, type ContainerRow} from './rows.js';

// `ids`: only these containers (those an event named); the others are left out of the answer.
export async function listContainers(
  docker: Docker,
  options: {size?: boolean; ids?: readonly string[]} = {},
): Promise<ContainerRow[]> {
  const query = {size: options.size ?? false, ...(options.ids ? {filters: {id: [...options.ids]}} : {})};
  return sortContainers(await listContainerInfos(docker, query, {}, containerRowMaker()));
}
