import type {ConnectionState, ContainerRow, ViewId} from './state.js';

// Actions the keymap can name: no payload, so a key binding is just data.
export type KeyAction =
  | 'app.quit'
  | 'view.next'
  | 'view.previous'
  | 'view.containers'
  | 'view.images'
  | 'view.compose'
  | 'view.registry'
  | 'view.engine'
  | 'cursor.up'
  | 'cursor.down'
  | 'cursor.pageUp'
  | 'cursor.pageDown'
  | 'cursor.home'
  | 'cursor.end'
  | 'list.mark'
  | 'filter.open'
  | 'command.open'
  | 'overlay.close'
  | 'overlay.submit'
  | 'help.toggle'
  | 'refresh';

export type Action =
  | {type: KeyAction}
  | {type: 'view.show'; view: ViewId}
  | {type: 'overlay.draft'; draft: string}
  | {type: 'connection'; connection: ConnectionState}
  | {type: 'containers.loaded'; items: readonly ContainerRow[]}
  | {type: 'containers.stale'}
  | {type: 'viewport'; rows: number}
  | {type: 'status'; text: string; kind: 'info' | 'error'};
