import type {ImageRow} from '../../engine/images/list.js';
import type {RunRequest} from '../../engine/exec/run-interactive.js';
import type {PruneScope} from '../../engine/images/prune-plan.js';
import {emptyEngineList, type EngineList} from '../../store/list.js';
import type {FormOverlay} from '../form.js';
import type {NoFields, OverlayReach} from '../../store/state.js';
import type {EngineListActions} from '../kit/types.js';

export type {ImageRow};

export type ImagesState = EngineList<ImageRow> & {
  // a: intermediate images too (all=true); D: dangling only (the engine's dangling=true filter).
  all: boolean;
  dangling: boolean;
};

declare module '../../store/state.js' {
  interface ViewSlices {
    images: ImagesState;
  }
  interface ViewOverlays {
    // p / :prune: the preview of what goes (lines), recomputed when a toggles "all"; y runs it.
    imagePrune: {
      scope: PruneScope;
      lines: readonly string[];
      loading: boolean;
      ready: boolean;
      scroll: number;
      reach?: OverlayReach;
    };
    // c: the create form (name, command, env, tty) for a container from `image`, created, not started.
    // engine: the selected row's, with several engines.
    imageCreate: FormOverlay & {image: string; engine?: string};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap extends EngineListActions<'images', ImageRow> {
    'images.toggleAll': NoFields;
    'images.toggleDangling': NoFields;
    'images.history': NoFields;
    'images.layers': NoFields;
    'images.remove': NoFields;
    'images.prune': NoFields;
    'images.create': NoFields;
    'imagePrune.toggleAll': NoFields;
    'imagePrune.toggleVolumes': NoFields;
    'images.save': NoFields;
    'images.load': NoFields;
    'images.run': NoFields;
    'imagePrune.run': NoFields;
    'imagePrune.preview': {scope: PruneScope; lines: readonly string[]};
    // Sent by other views, which never import this one: the engine overview's system prune, `:run` with several engines.
    'imagePrune.open': {scope: PruneScope};
    'images.runOnEngineOfImage': {run: RunRequest};
  }
}

export const initialImages = (): ImagesState => ({...emptyEngineList<ImageRow>(), all: false, dangling: false});
