import type {ImageLayers} from '../../../engine/layers/analysis.js';
import type {LayersProgress} from '../../../engine/layers/read-image.js';
import {errorMessage} from '../../../errors.js';
import type {Services} from '../../types.js';
import {perApp} from '../runtime.js';

// How a view reads the image it was asked about: the engine's export stream (view 2) or the registry's blobs
// (view 4). The pane does the rest: progress, cancel, drawing.
export type ReadLayers = (signal: AbortSignal, onProgress: (progress: LayersProgress) => void) => Promise<ImageLayers>;

const REPORT_EVERY_MS = 100;

// The read under way (esc aborts it); one at a time, a new l replaces it.
const reading = perApp(
  () => ({job: 0, running: undefined as AbortController | undefined}),
  self => self.running?.abort(),
);

export async function openLayers(services: Services, title: string, read: ReadLayers): Promise<void> {
  const self = reading(services);
  self.running?.abort();
  const abort = new AbortController();
  self.running = abort;
  const job = ++self.job;
  services.dispatch({type: 'layers.started', job, title});
  let last = 0;
  try {
    const result = await read(abort.signal, progress => {
      const now = performance.now();
      if (now - last < REPORT_EVERY_MS) return;
      last = now;
      services.dispatch({type: 'layers.progress', job, progress});
    });
    if (!abort.signal.aborted) services.dispatch({type: 'layers.done', job, result});
  } catch (error) {
    if (!abort.signal.aborted) services.dispatch({type: 'layers.failed', job, error: errorMessage(error)});
  } finally {
    if (self.running === abort) self.running = undefined;
  }
}

export function cancelLayers(services: Services): void {
  const self = reading(services);
  if (self.running) services.status('reading the layers cancelled');
  self.running?.abort();
  self.running = undefined;
}
