import {useStore} from '../../use-store.js';
import {ProgressWindow} from '../archives/ArchiveProgressOverlay.js';

// The copy under way (c in the files pane, :cp): the archives' progress window; esc cancels.
export function FileCopyOverlay({width, height}: {width: number; height: number}) {
  const job = useStore(state => state.fileCopy);
  if (!job) return null;
  return <ProgressWindow width={width} height={height} title={job.title} progress={job.progress} />;
}
