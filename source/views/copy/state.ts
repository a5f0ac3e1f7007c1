// y: what to copy, as a small menu over the view (views/copy/). The items of a list's row come from its view
// (ViewModule.copyItems), the log pane's from its buffer when one is picked.
import type {NoFields} from '../../store/state.js';
import type {CopyItem} from '../types.js';

// The log pane's choices: the text is read from the buffer only when one is picked (a whole buffer can be large).
export type LogCopyChoice = 'line' | 'visible' | 'buffer' | 'matches';
export type LogCopyItem = {action: LogCopyAction; choice: LogCopyChoice; label: string; detail: string};

export type LogCopyAction = 'copy.line' | 'copy.visible' | 'copy.buffer' | 'copy.matches';

declare module '../../store/state.js' {
  interface ViewOverlays {
    // `what`: the row it is about ("container web-1"), already sanitised, for the title and the status line.
    copy: {what: string; items: readonly CopyItem[]};
    copyLogs: {what: string; items: readonly LogCopyItem[]};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    // y over a list, and y in the log pane.
    'copy.open': NoFields;
    'copy.logs': NoFields;
    'copy.id': NoFields;
    'copy.name': NoFields;
    'copy.image': NoFields;
    'copy.reference': NoFields;
    'copy.digest': NoFields;
    'copy.path': NoFields;
    'copy.logsCommand': NoFields;
    'copy.shellCommand': NoFields;
    'copy.runCommand': NoFields;
    'copy.inspectCommand': NoFields;
    'copy.removeCommand': NoFields;
    'copy.line': NoFields;
    'copy.visible': NoFields;
    'copy.buffer': NoFields;
    'copy.matches': NoFields;
  }
}
