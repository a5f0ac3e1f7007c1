import {nothingSelected} from '../kit/actions.js';
import {logCommand} from '../../command-log.js';
import {dockerRmiCommand} from '../../engine/images/docker-commands.js';
import {containersUsing, removeImage} from '../../engine/images/remove.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Confirmation} from '../../store/state.js';
import type {Services} from '../types.js';
import {imagesList, targetImages} from './list.js';
import {engineKey as engineKeyOf, engineOf, onEngineName} from '../kit/across-engines.js';
import {idsByEngine} from '../kit/actions.js';
import {awayMessage, imagesNamed, missingMessage, namedOnEngine} from './named.js';
import {onContext} from './on-context.js';

// d / :rmi — the dialog lists each target and the containers created from it; f forces.
// With several engines each row's image is removed on the row's engine, and a name typed after :rmi is looked
// up on every engine: each engine that has it is one target (`second/web:1`), all listed before y.
export async function confirmRemove(services: Services, references?: readonly string[]): Promise<void> {
  type Target = {reference: string; id: string; label: string; engine?: string};
  let rows: Target[];
  if (references) {
    // Names typed after :rmi are checked before anything is asked, as :exec checks its container: an image no
    // engine has is refused at once, not after y.
    const named = await imagesNamed(services, references);
    if (!named) return;
    if (named.missing.length) throw new Error(missingMessage(named, services.engines().length > 1));
    rows = named.found.map(image => ({...image, label: namedOnEngine(image)}));
    const away = awayMessage(':rmi', named);
    if (away) services.status(away, 'error');
  } else
    rows = targetImages(services.store.get()).map(row => ({
      reference: row.tag === '<none>' ? row.shortId : row.reference,
      id: row.id,
      label: onEngineName(row, `${row.repository}:${row.tag} ${row.shortId}`),
      engine: engineOf(row),
    }));
  const [first] = rows;
  if (!first) return nothingSelected(services, 'remove');
  const docker = services.docker(first.engine);
  if (!docker) return;
  const targets: string[] = [];
  for (const row of rows) {
    let users: string[];
    try {
      const own = row.engine === undefined ? docker : services.engine(row.engine)?.client?.docker;
      users = own ? (await containersUsing(own, row.id)).map(user => `${user.name} (${user.state})`) : [];
    } catch {
      users = [];
    }
    targets.push(
      `${sanitizeLine(row.label)}${users.length ? `  used by ${users.map(user => sanitizeLine(user)).join(', ')}` : ''}`,
    );
  }
  const confirm: Confirmation = {
    title: `Remove ${rows.length === 1 ? 'this image' : `these ${rows.length} images`}?`,
    targets,
    ids: rows.map(row => row.reference),
    names: rows.map(row => engineKeyOf(row.engine, row.reference)),
    ...(rows.some(row => row.engine) ? {engines: rows.map(row => row.engine)} : {}),
    owner: 'images',
    operation: 'rmi',
    force: false,
    forceLabels: {off: '  (f: force)', on: '  [force: untag every name, delete even if a stopped container uses it]'},
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

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
        lines.push(
          `not removed: ${sanitizeLine(engineKeyOf(engine, reference))}: ${conflict ? `${conflict.reason}${conflict.forceable && !force ? ' (d, then f in the dialog, forces)' : ''}` : result.message}`,
        );
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
