import {FormOverlayBox} from '../FormOverlayBox.js';
import {useStore} from '../use-store.js';

// E: command, user, tty, interactive.
export function ExecFormOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'execForm') return null;
  return <FormOverlayBox overlay={overlay} width={width} height={height} />;
}
