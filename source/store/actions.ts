import type {LoadStatus, RegistryViewState} from './registry-state.js';
import type {ConnectionState, ContainerRow, LogPaneState, Overlay, ViewId} from './state.js';

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
  | 'refresh'
  | 'logs.open'
  | 'logs.back'
  | 'logs.follow'
  | 'logs.window0'
  | 'logs.window1'
  | 'logs.window2'
  | 'logs.window3'
  | 'logs.window4'
  | 'logs.window5'
  | 'logs.window6'
  | 'logs.timestamps'
  | 'logs.wrap'
  | 'logs.search'
  | 'logs.next'
  | 'logs.previous'
  | 'logs.save'
  | 'logs.clear'
  | 'logs.fullscreen'
  | 'container.stop'
  | 'container.start'
  | 'container.restart'
  | 'container.remove'
  | 'container.env'
  | 'container.inspect'
  | 'containers.toggleAll'
  | 'containers.toggleSize'
  | 'confirm.yes'
  | 'confirm.no'
  | 'confirm.force'
  | 'env.reveal'
  | 'exec.shell'
  | 'exec.form'
  | 'form.next'
  | 'form.previous'
  | 'form.toggle'
  | 'registry.enter'
  | 'registry.back'
  | 'registry.pull'
  | 'registry.sort'
  | 'registry.add'
  | 'registry.next';

export type Action =
  | {type: KeyAction}
  | {type: 'view.show'; view: ViewId}
  | {type: 'overlay.draft'; draft: string; cursor?: number}
  | {type: 'overlay.show'; overlay: Overlay | undefined}
  | {type: 'connection'; connection: ConnectionState}
  | {type: 'containers.loaded'; items: readonly ContainerRow[]}
  | {type: 'containers.sizes'; sizes: Record<string, {rw?: number; rootFs?: number}>}
  | {type: 'containers.stale'}
  | {type: 'viewport'; rows: number; logRows?: number}
  | {type: 'status'; text: string; kind: 'info' | 'error'}
  | {type: 'logs.opened'; pane: LogPaneState}
  | {type: 'logs.changed'; version: number; total: number; appended: number; status: string}
  | {type: 'logs.searched'; query: string; matches: readonly number[]}
  | {type: 'logs.closed'}
  | {type: 'registry.loading'; level: 'repositories' | 'tags'; repository?: string}
  | {type: 'registry.page'; level: 'repositories' | 'tags'; items: readonly string[]; repository?: string}
  | {type: 'registry.loaded'; level: 'repositories' | 'tags'; status: LoadStatus; error?: string; noCatalog?: boolean; repository?: string}
  | {type: 'registry.details'; details: RegistryViewState['details']}
  | {type: 'registry.openDetails'}
  | {type: 'registry.addPrompt'}
  | {type: 'registry.pullProgress'; pull: RegistryViewState['pull']}
  | {type: 'registry.urls'; urls: readonly string[]; current: number};
