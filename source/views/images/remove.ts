import {nothingSelected} from '../kit/actions.js';
import {logCommand} from '../../command-log.js';
import {dockerRmiCommand} from '../../engine/images/docker-commands.js';
import {removeImage} from '../../engine/images/remove.js';
import {removalFacts, type RemovalFacts} from '../../engine/images/removal-facts.js';
import {removeDialog, type RemoveTarget} from './remove-dialog.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {wrapWords} from '../../text/wrap-words.js';
import {OVERLAY_FRAME} from '../OverlayBox.js';
import type {Confirmation} from '../../store/state.js';
import type {Services} from '../types.js';
import {imagesList, targetImages} from './list.js';
import {engineKey as engineKeyOf, engineOf} from '../kit/across-engines.js';
import {idsByEngine} from '../kit/actions.js';
import {awayMessage, imagesNamed, missingMessage} from './named.js';
import {onContext} from './on-context.js';

// d / :rmi — the dialog lists each target with the names it untags and the containers created from it
// (views/images/remove-dialog.ts); f forces, and its label says what force does to these targets.
// With several engines each row's image is removed on the row's engine, and a name typed after :rmi is looked
// up on every engine: each engine that has it is one target (`second/web:1`), all listed before y.
export async function confirmRemove(services: Services, references?: readonly string[]): Promise<void> {
  let rows: {reference: string; engine?: string}[];
  if (references) {
    // Names typed after :rmi are checked before anything is asked, as :exec checks its container: an image no
    // engine has is refused at once, not after y.
    const named = await imagesNamed(services, references);
    if (!named) return;
    if (named.missing.length) throw new Error(missingMessage(named, services.engines().length > 1));
    rows = named.found;
    const away = awayMessage(':rmi', named);
    if (away) services.status(away, 'error');
  } else
    rows = targetImages(services.store.get()).map(row => ({
      reference: row.tag === '<none>' ? row.shortId : row.reference,
      engine: engineOf(row),
    }));
  const [first] = rows;
  if (!first) return nothingSelected(services, 'remove');
  if (!services.docker(first.engine)) return;
  // Each engine's targets read on its own client, with one container list.
  const known = new Map<string, RemovalFacts>();
  for (const [engine, group] of idsByEngine(
    rows.map(row => row.reference),
    rows.map(row => row.engine),
  )) {
    try {
      const docker = engine === undefined ? services.docker() : services.engine(engine)?.client?.docker;
      for (const facts of docker ? await removalFacts(docker, group) : [])
        known.set(engineKeyOf(engine, facts.reference), facts);
    } catch {
      // The engine did not answer: the dialog names those references as typed or listed.
    }
  }
  const targets: RemoveTarget[] = rows.map(row => {
    const facts = known.get(engineKeyOf(row.engine, row.reference));
    return {reference: row.reference, ...(row.engine ? {engine: row.engine} : {}), ...(facts ? {facts} : {})};
  });
  const dialog = removeDialog(targets);
  const confirm: Confirmation = {
    title: `Remove ${rows.length === 1 ? 'this image' : `these ${rows.length} images`}?`,
    targets: dialog.targets,
    ids: targets.map(target => target.reference),
    names: targets.map(target => engineKeyOf(target.engine, target.reference)),
    ...(targets.some(target => target.engine) ? {engines: targets.map(target => target.engine)} : {}),
    owner: 'images',
    operation: 'rmi',
    force: false,
    forceLabels: {off: '  (f: force)', on: dialog.forceOn},
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

// The result pane cuts a line at its edge: an explanation is wrapped under its image to fit 80 columns (the
// pane's frame and the indent taken), so all of it is read there and wider.
const EXPLANATION_WIDTH = 80 - OVERLAY_FRAME - 2;
const explained = (why: string): string[] => wrapWords(sanitizeLine(why), EXPLANATION_WIDTH).map(row => `  ${row}`);

export async function runRemove(
  services: Services,
  references: readonly string[],
  force: boolean,
  engines?: readonly (string | undefined)[],
): Promise<void> {
  const named = references.map((reference, i) => engineKeyOf(engines?.[i], reference));
  services.status(`removing ${named.join(', ')}…`);
  const lines: string[] = [];
  let failed = 0;
  // Each engine's images on its own client.
  for (const [engine, group] of idsByEngine(references, engines)) {
    const docker = services.docker(engine);
    if (!docker) {
      // docker() has said the engine is not connected; with one engine that is all there is to say.
      if (engine === undefined) return;
      failed += group.length;
      lines.push(
        ...group.map(reference => `not removed: ${sanitizeLine(engineKeyOf(engine, reference))}: engine not connected`),
      );
      continue;
    }
    for (const reference of group) {
      logCommand(onContext(dockerRmiCommand([reference], force), engine));
      const result = await removeImage(docker, reference, {force});
      if (result.ok) lines.push(...result.lines.map(line => `${line.kind}: ${engineKeyOf(engine, line.value)}`));
      else {
        failed += 1;
        const conflict = result.conflict;
        const why = conflict
          ? `${conflict.reason}${conflict.forceable && !force ? ' (d, then f in the dialog, forces)' : ''}`
          : result.message;
        lines.push(`not removed: ${sanitizeLine(engineKeyOf(engine, reference))}:`, ...explained(why));
      }
    }
  }
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'text', title: `remove: ${references.length - failed} removed, ${failed} not`, lines, scroll: 0},
  });
  services.status(
    failed ? `${failed} image${failed === 1 ? '' : 's'} not removed (see the list)` : `removed ${named.join(', ')}`,
    failed ? 'error' : 'info',
  );
  void imagesList.loader.load(services);
}
