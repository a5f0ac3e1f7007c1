import {imageHistory} from '../../engine/images/history.js';
import {humanSize, createdSince} from '../../engine/images/units.js';
import {errorMessage} from '../../errors.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {selectedImage} from './list.js';
import {engineOf, onEngineName} from '../kit/across-engines.js';

export async function showHistory(services: Services): Promise<void> {
  const row = selectedImage(services.store.get());
  if (!row) return;
  const docker = services.docker(engineOf(row));
  if (!docker) return;
  try {
    const rows = await imageHistory(docker, row.id);
    const lines = [
      `${'IMAGE'.padEnd(12)}  ${'CREATED'.padEnd(18)}  ${'SIZE'.padStart(8)}  CREATED BY · COMMENT`,
      ...rows.map(
        r =>
          `${r.id.padEnd(12)}  ${createdSince(r.created).padEnd(18)}  ${humanSize(r.size).padStart(8)}  ${r.createdBy}${r.comment ? ` · ${r.comment}` : ''}`,
      ),
    ];
    services.dispatch({
      type: 'overlay.show',
      overlay: {
        kind: 'text',
        title: `history of ${sanitizeLine(onEngineName(row, row.reference))} (${row.shortId})`,
        lines,
        scroll: 0,
      },
    });
  } catch (error) {
    services.status(errorMessage(error), 'error');
  }
}
