import {defaultArchivePath} from '../kit/archives/reducer.js';
import {IMAGE_COMMANDS} from './commands.js';
import {IMAGE_ARCHIVE_COMMANDS} from './archive-commands.js';
import {createFromForm, openCreate, runCreate} from './create.js';
import {showHistory} from './history.js';
import {showLayers} from './layers.js';
import {runOnEngineOfImage} from './on-engine-of-image.js';
import {openPrune, preview, runPruneFromOverlay} from './prune.js';
import {confirmRemove, runRemove} from './remove.js';
import {errorMessage} from '../../errors.js';
import {CreateFormOverlay} from './CreateFormOverlay.js';
import {formHeight} from '../FormOverlayBox.js';
import {IMAGE_BINDINGS} from './keys.js';
import {PruneOverlay, pruneHeight} from './PruneOverlay.js';
import {reduceImages} from './reducer.js';
import {imagesList, selectedImage, targetImages} from './list.js';
import {initialImages} from './state.js';
import {imagesCopy} from './copy.js';
import {engineOf} from '../kit/across-engines.js';
import {selectedImageEngine} from './named.js';
import type {Services} from '../types.js';

// w writes one archive, and one archive comes from one engine: marked images of several engines are refused
// with one line rather than saved from some of them.
function oneEngine(services: Services, rows: readonly object[]): {engine?: string} | undefined {
  const engines = [...new Set(rows.map(engineOf))];
  if (engines.length <= 1) return engines[0] ? {engine: engines[0]} : {};
  services.status(`save: the marked images are on ${engines.join(', ')}; one archive comes from one engine`, 'error');
  return undefined;
}

// The images view: images, their history, remove, prune (with a preview) and create.
export const images = imagesList.view({
  copyItems: imagesCopy,
  key: '2',
  title: 'Images',
  scopeTitles: {images: 'Images', imagePrune: 'Prune preview (p)'},
  initial: () => ({images: initialImages()}),
  ready: state => state.images.loaded || 'the image list',
  reduce: reduceImages,
  effect(services, action, before, after) {
    switch (action.type) {
      case 'images.toggleAll':
      case 'images.toggleDangling':
        return void imagesList.loader.load(services);
      case 'images.history':
        return services.holdKeys("the image's history", showHistory(services));
      case 'images.layers':
        return showLayers(services);
      case 'images.remove':
        return services.holdKeys('the containers that use the image', confirmRemove(services));
      case 'images.prune':
        return openPrune(services, {kind: 'images', all: false});
      case 'imagePrune.open':
        return openPrune(services, action.scope);
      case 'images.runOnEngineOfImage':
        // What is typed after :run …⏎ is for the container's terminal: held while the image's engine is found.
        return services.holdKeys(
          'the engine of the image to run',
          runOnEngineOfImage(services, action.run).catch(error => {
            services.status(`:run: ${errorMessage(error)}`, 'error');
            services.dropHeldKeys('the container');
          }),
        );
      case 'images.create':
        return openCreate(services);
      case 'imagePrune.toggleAll':
      case 'imagePrune.toggleVolumes':
        if (after.overlay?.kind === 'imagePrune') void preview(services, after.overlay.scope);
        return;
      case 'images.run': {
        // r: a container from the image with a terminal, then back (as :run), on the row's engine.
        const row = selectedImage(after);
        if (!row) return;
        const engine = engineOf(row);
        return {type: 'run', run: {image: row.reference}, ...(engine ? {engine} : {})};
      }
      case 'images.save': {
        const rows = targetImages(after);
        const on = rows.length ? oneEngine(services, rows) : undefined;
        if (!on) return;
        const names = rows.map(row => row.reference);
        services.dispatch({
          type: 'overlay.show',
          overlay: {
            kind: 'archivePath',
            draft: defaultArchivePath(names.length === 1 ? (names[0] ?? 'images') : 'images'),
            operation: 'save',
            targets: names,
            ...on,
          },
        });
        return;
      }
      case 'images.load': {
        // With several engines, into the engine of the selected row.
        const engine = selectedImageEngine(services);
        services.dispatch({
          type: 'overlay.show',
          overlay: {
            kind: 'archivePath',
            draft: './',
            operation: 'load',
            targets: [],
            ...(engine ? {engine} : {}),
          },
        });
        return;
      }
      case 'imagePrune.run':
        return void runPruneFromOverlay(services);
    }
  },
  confirmed(services, confirm) {
    if (confirm.operation === 'rmi') void runRemove(services, confirm.ids, confirm.force ?? false, confirm.engines);
  },
  onEngine(services, update) {
    // Container changes change the USED column (image events reload through the kit).
    if (update.kind === 'containers' && services.store.get().view === 'images') imagesList.loader.reloadSoon(services);
  },
  bindings: IMAGE_BINDINGS,
  commands: [...IMAGE_COMMANDS, ...IMAGE_ARCHIVE_COMMANDS],
  overlays: {
    imagePrune: {
      Component: PruneOverlay,
      scopes: ['imagePrune', 'question', 'move'],
      rows: overlay => (overlay.kind === 'imagePrune' ? overlay.lines.length : 0),
      height: pruneHeight,
    },
    imageCreate: {
      Component: CreateFormOverlay,
      height: overlay => (overlay.kind === 'imageCreate' ? formHeight(overlay) : 1),
      submitLabel: 'create',
      scopes: ['form', 'prompt'],
      submit(services, overlay) {
        if (overlay.kind !== 'imageCreate') return undefined;
        try {
          void runCreate(services, createFromForm(overlay.image, overlay), overlay.engine);
        } catch (error) {
          // The form stays open with what was typed, so the one wrong field can be fixed.
          services.status((error as Error).message, 'error');
          services.dispatch({type: 'overlay.show', overlay});
        }
        return undefined;
      },
    },
  },
  tabNotes: state => [...(state.images.all ? ['all images'] : []), ...(state.images.dangling ? ['dangling only'] : [])],
  itemFields: {
    names: ['Name', 'Repository', 'Tag', 'ID', 'ShortID'],
    labels: false,
    selected(state) {
      const row = selectedImage(state);
      return (
        row && {
          fields: {Name: row.reference, Repository: row.repository, Tag: row.tag, ID: row.id, ShortID: row.shortId},
        }
      );
    },
  },
});
