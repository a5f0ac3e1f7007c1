import {FormOverlayBox} from '../FormOverlayBox.js';
import {useStore} from '../use-store.js';

// c: name, command, env, tty for a container created (not started) from the selected image.
export function CreateFormOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'imageCreate') return null;
  return <FormOverlayBox overlay={overlay} width={width} height={height} />;
}
