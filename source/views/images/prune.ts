import {imagesList} from './list.js';
import {logCommand} from '../../command-log.js';
import {dockerPruneCommand} from '../../engine/images/docker-commands.js';
import {planPrune, type PrunePreview, type PruneScope} from '../../engine/images/prune-plan.js';
import {runPrune} from '../../engine/images/prune-run.js';
import {previewLines, previewTitle, resultLines} from '../../engine/images/prune-text.js';
import {humanSize} from '../../engine/images/units.js';
import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';
import {perApp} from '../kit/runtime.js';
import {selectedImageEngine} from './named.js';
import {onContext} from './on-context.js';

// The last preview shown, per app: y runs exactly what it listed.
// `engine`: the engine prune runs on (with several engines, the selected row's; else the first).
const previews = perApp(() => ({plans: new Map<string, PrunePreview>(), engine: undefined as string | undefined}));

// With several engines prune asks the selected row's engine (engine:NAME in the filter picks one).
export function openPrune(services: Services, scope: PruneScope): void {
  previews(services).engine = selectedImageEngine(services);
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'imagePrune', scope, lines: [], loading: true, ready: false, scroll: 0},
  });
  void preview(services, scope);
}

export async function preview(services: Services, scope: PruneScope): Promise<void> {
  const {engine} = previews(services);
  const client = services.engine(engine)?.client;
  if (!client) return;
  try {
    const plan = await planPrune(client.docker, client.api, scope);
    previews(services).plans = new Map([[JSON.stringify(scope), plan]]);
    services.dispatch({
      type: 'imagePrune.preview',
      scope,
      lines: [`${previewTitle(plan)}${engine ? ` on engine ${engine}` : ''} would remove:`, ...previewLines(plan)],
    });
  } catch (error) {
    services.dispatch({type: 'imagePrune.preview', scope, lines: [`preview failed: ${errorMessage(error)}`]});
  }
}

export async function runPruneFromOverlay(services: Services): Promise<void> {
  const overlay = services.store.get().overlay;
  const {engine} = previews(services);
  const client = services.engine(engine)?.client;
  if (overlay?.kind !== 'imagePrune' || !overlay.ready || !client) return;
  const plan = previews(services).plans.get(JSON.stringify(overlay.scope));
  if (!plan) return;
  const on = engine ? ` on engine ${engine}` : '';
  services.status(`${previewTitle(plan)}${on}…`);
  logCommand(onContext(dockerPruneCommand(plan.scope, client.api), engine));
  try {
    const result = await runPrune(client.docker, plan);
    services.dispatch({
      type: 'overlay.show',
      overlay: {
        kind: 'text',
        title: `${previewTitle(plan)}${on}: reclaimed ${humanSize(result.spaceReclaimed)}`,
        lines: resultLines(result),
        scroll: 0,
      },
    });
    services.status(`${previewTitle(plan)}${on}: reclaimed ${humanSize(result.spaceReclaimed)}`);
  } catch (error) {
    services.status(`${previewTitle(plan)}${on}: ${errorMessage(error)}`, 'error');
  }
  void imagesList.loader.load(services);
}
