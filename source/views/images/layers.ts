import {readEngineImage} from '../../engine/layers/read-image.js';
import type {Services} from '../types.js';
import {engineOf, onEngineName} from '../kit/across-engines.js';
import {openLayers} from '../kit/layers/effects.js';
import {selectedImage} from './list.js';

// l: the selected image's layers, read from the engine's export stream (docker save of this one image); the
// image's size is the progress bar's total (the tar is a little larger: headers, the config).
export function showLayers(services: Services): void {
  const row = selectedImage(services.store.get());
  if (!row) return;
  const docker = services.docker(engineOf(row));
  if (!docker) return;
  void openLayers(services, onEngineName(row, row.reference), (signal, onProgress) =>
    readEngineImage(docker, row.id, {signal, onProgress, total: row.size}),
  );
}
