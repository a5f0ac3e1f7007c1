import type {AppState} from '../../store/state.js';
import type {CopyMenu, DockerWords} from '../types.js';
import {containerCopyItems} from '../kit/container-copy-items.js';
import {selectedContainer} from './selectors.js';

export function containersCopy(state: AppState, docker: DockerWords): CopyMenu | undefined {
  const row = selectedContainer(state);
  return row && {what: `container ${row.name}`, items: containerCopyItems(row, docker)};
}
