// What the files pane asks of the engine: listing, reading, copying and the changes, with the tar reader and
// writer behind them. Loaded by the pane's first use (effects.ts `engineSide`), not at start: none of it is on the
// first screen, and idle memory counts every module loaded.
export {changeTree, containerChanges} from '../../../engine/container-files/changes.js';
export {describeCopyIn, planCopyIn, runCopyIn} from '../../../engine/container-files/copy-in.js';
export {describeTarget, planCopyOut, runCopyOut} from '../../../engine/container-files/copy-out.js';
export {ListCancelledError, listDirectory} from '../../../engine/container-files/list-directory.js';
export {readFileHead} from '../../../engine/container-files/read-file.js';
