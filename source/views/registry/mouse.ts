import type {AppState} from '../../store/state.js';
import {listArea} from '../kit/mouse-areas.js';
import type {MouseAreas, Size} from '../types.js';
import {registryLayout} from './layout.js';
import {detailRows} from './details-lines.js';
import {selectedTag} from './reducer.js';
import {registryTable} from './tables.js';

// RegistryView's layout: the list (its title line, the message line when there is one, the names) and the
// details beside or below it; nothing to click before a registry is configured.
export function registryMouseAreas(state: AppState, body: Size): MouseAreas {
  const {registry} = state;
  if (!registry.urls[registry.current]) return {};
  const {listWidth, listHeight} = registryLayout(body, detailRows(registry, selectedTag(state), body.width - 1).length);
  const message = registryTable(state).message(state);
  return {list: listArea({top: 0, left: 0, width: listWidth, height: listHeight}, 1 + (message ? 1 : 0))};
}
