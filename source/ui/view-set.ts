import {shellState, type AppState, type OverlayKind} from '../store/state.js';
import {MODULES_WITHOUT_TAB, VIEWS} from '../views/all-views.js';
import type {AppConfig, CommandSpec, OverlaySpec, ViewModule} from '../views/types.js';

// The views and panes the shell runs with: the registry's list in the app, a test's own list in tests.
export class ViewSet {
  readonly all: readonly ViewModule[];

  constructor(
    readonly views: readonly ViewModule[],
    readonly panes: readonly ViewModule[] = [],
  ) {
    this.all = [...panes, ...views];
  }

  available(state: AppState): ViewModule[] {
    return this.views.filter(view => view.key && (view.available?.(state) ?? true));
  }

  active(state: AppState): ViewModule | undefined {
    return this.views.find(view => view.id === state.view);
  }

  byId(id: string): ViewModule | undefined {
    return this.all.find(module => module.id === id);
  }

  overlay(kind: OverlayKind): OverlaySpec | undefined {
    for (const module of this.all) {
      const spec = module.overlays?.[kind];
      if (spec) return spec;
    }
    return undefined;
  }

  commands(): CommandSpec[] {
    return this.all.flatMap(module => module.commands ?? []);
  }

  initialState(target: string, config: AppConfig): AppState {
    const slices: Partial<AppState> = {};
    for (const module of this.all) Object.assign(slices, module.initial?.(config));
    return {...shellState(target, config.readonly, this.views[0]?.id ?? ''), ...slices} as AppState;
  }
}

// berth's own views (source/views/all-views.ts).
export const DEFAULT_VIEWS = new ViewSet(VIEWS, MODULES_WITHOUT_TAB);
