import {FormOverlayBox} from '../FormOverlayBox.js';
import {useStore} from '../use-store.js';

// :update: restart policy, memory, memory+swap, CPUs, PIDs limit.
export function UpdateFormOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'updateForm') return null;
  return <FormOverlayBox overlay={overlay} width={width} height={height} />;
}
