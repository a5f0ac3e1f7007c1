import {listContainers} from '../engine/containers/list.js';
import type {ContainerRow} from '../engine/containers/rows.js';
import type {EngineSelection} from '../engine/engine-targets.js';
import {createdSince} from '../engine/images/units.js';
import {UsageError, errorMessage} from '../errors.js';
import {stripAnsi} from '../text/escapes.js';
import {sanitizeLine} from '../text/sanitize.js';
import type {CommandFlags} from './args.js';
import {plainTable} from './plain-table.js';
import {refuseFlags, type CommandIo} from './image-commands.js';
import {closeAll, connectSeveral, settleEach} from './several-engines.js';

const safe = (text: string) => sanitizeLine(stripAnsi(text));

function table(rows: readonly ContainerRow[], withEngine: boolean): string {
  const header = [...(withEngine ? ['ENGINE'] : []), 'CONTAINER ID', 'IMAGE', 'CREATED', 'STATUS', 'PORTS', 'NAMES'];
  const cells = rows.map(row => [
    ...(withEngine ? [safe(row.engine ?? '')] : []),
    row.id.slice(0, 12),
    safe(row.image),
    createdSince(row.created),
    safe(row.status),
    safe(row.ports),
    safe(row.name),
  ]);
  return `${plainTable([header, ...cells])}\n`;
}

// berth ps [--all-contexts | --context A --context B] [--json]: every container (running and stopped, like
// docker ps -a) of every engine asked, with an ENGINE column when there are several. Exit 1 when an engine named
// with --context was left out (it did not answer; its line on stderr says why); with --all-contexts the engines
// that answer are the list.
export async function psCommand(
  selection: EngineSelection,
  args: readonly string[],
  flags: CommandFlags,
  io: CommandIo & {stderr: NodeJS.WritableStream},
): Promise<number> {
  refuseFlags('ps', flags, ['json']);
  if (args.length) throw new UsageError(`berth ps takes no arguments (got "${args.join(' ')}"); see berth --help`);
  const several = selection.targets.length + selection.problems.length > 1;
  const {engines, failed} = await connectSeveral(selection, io.stderr);
  try {
    const lists = await settleEach(engines, engine => listContainers(engine.client.docker));
    const rows: ContainerRow[] = [];
    let lost = 0;
    for (const {item: engine, result: list} of lists) {
      if (list.status === 'fulfilled') for (const row of list.value) rows.push({...row, engine: engine.name});
      else {
        lost++;
        io.stderr.write(`berth: engine ${engine.name}: ${errorMessage(list.reason)}; left out\n`);
      }
    }
    if (flags.json) {
      const clean = rows.map(row => ({
        ...(several ? {engine: safe(row.engine ?? '')} : {}),
        id: row.id,
        name: safe(row.name),
        image: safe(row.image),
        state: safe(row.state),
        status: safe(row.status),
        ports: safe(row.ports),
        created: row.created,
      }));
      io.stdout.write(`${JSON.stringify(clean, null, 2)}\n`);
    } else io.stdout.write(table(rows, several));
    return failed + lost && !selection.everyContext ? 1 : 0;
  } finally {
    closeAll(engines);
  }
}
