// :update: a form with the restart policy and limits of the marked or selected containers, as the engine reports
// them; only the fields changed are checked (update-values.ts, as the docker CLI checks them), confirmed with
// their docker update flags, and sent (POST /containers/{id}/update) to each container's engine.
import {engineProduct} from '../../engine/client.js';
import {updateContainer} from '../../engine/containers/change.js';
import {
  LIMIT_LABELS,
  limitTexts,
  planUpdate,
  type LimitTexts,
  type Limits,
} from '../../engine/containers/update-values.js';
import {inspectContainer} from '../../engine/limits/engine-reads.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {errorMessage} from '../../errors.js';
import type {Confirmation} from '../../store/state.js';
import {nothingSelected, askToConfirm} from '../kit/actions.js';
import {confirmedTargets} from '../kit/targets.js';
import {formOverlay, textOf, withDraft, type Form, type FormField} from '../form.js';
import type {CommandSpec, Services} from '../types.js';
import {confirmRows, label, several} from './label.js';
import {targetContainers} from './selectors.js';
import type {ChosenContainer} from './state.js';

const FIELDS = Object.keys(LIMIT_LABELS) as (keyof LimitTexts)[];

const BLANK: Readonly<Record<keyof LimitTexts, string>> = {
  restart: '(no, always, unless-stopped, on-failure[:N])',
  memory: '(no limit; a size: 512m, 1g)',
  memorySwap: '(not set; a size, at least memory; -1: unlimited swap)',
  cpus: '(no limit; a decimal: 1.5)',
  pidsLimit: '(no limit; a number)',
};

const DIFFERS = '(differs between them: unchanged unless typed)';

export const UPDATE_COMMAND: CommandSpec = {
  name: 'update',
  usage: ':update (restart policy and limits of the marked or selected containers, in a form)',
  changes: true,
  run(services) {
    services.holdKeys('the containers’ limits', openUpdateForm(services));
    return undefined;
  },
};

async function openUpdateForm(services: Services): Promise<void> {
  const rows = targetContainers(services.store.get());
  if (!rows.length) return nothingSelected(services, 'update');
  try {
    const hosts = await Promise.all(
      rows.map(async row => {
        const docker = services.engine(row.engine)?.client?.docker;
        if (!docker) throw new Error(`engine ${row.engine ?? ''} is not connected`);
        return limitTexts((await inspectContainer(docker, row.id)).HostConfig);
      }),
    );
    // Several containers: a field shows their value when they share it, else stays empty (and unchanged).
    const before = Object.fromEntries(
      FIELDS.map(field => {
        const values = new Set(hosts.map(texts => texts[field]));
        return [field, values.size === 1 ? [...values][0] : ''];
      }),
    ) as LimitTexts;
    const fields: FormField[] = FIELDS.map(field => ({
      label: LIMIT_LABELS[field],
      text: before[field],
      blank: new Set(hosts.map(texts => texts[field])).size > 1 ? DIFFERS : BLANK[field],
    }));
    const targets: ChosenContainer[] = rows.map(row => ({
      id: row.id,
      name: row.name,
      engine: row.engine,
      detail: `${row.image}, ${row.status}`,
    }));
    const names = targets.map(t => label(services, t));
    const form: Form = {
      title: `update ${names.length === 1 ? names[0] : `${names.length} containers: ${names.join(', ')}`}`,
      focus: 0,
      fields,
    };
    services.dispatch({type: 'overlay.show', overlay: {kind: 'updateForm', targets, before, ...formOverlay(form)}});
  } catch (error) {
    services.status(`update: ${errorMessage(error)}`, 'error');
  }
}

const textsOf = (form: Form): LimitTexts =>
  Object.fromEntries(FIELDS.map(field => [field, textOf(form, LIMIT_LABELS[field])])) as LimitTexts;

// enter: the changed fields checked; wrong → said in one line and the form back; right → the dialog.
export function submitUpdateForm(
  services: Services,
  overlay: {form: Form; draft: string; targets: readonly ChosenContainer[]; before: LimitTexts},
): undefined {
  const form = withDraft(overlay.form, overlay.draft);
  const plan = planUpdate(overlay.before, textsOf(form));
  if ('error' in plan || !plan.flags.length) {
    const error = 'error' in plan ? plan.error : 'nothing changed: edit a field, or esc';
    // The field the error names (the longest label it starts with: memory+swap before memory).
    const named = FIELDS.filter(field => error.startsWith(LIMIT_LABELS[field])).sort(
      (a, b) => LIMIT_LABELS[b].length - LIMIT_LABELS[a].length,
    )[0];
    const focus = named ? FIELDS.indexOf(named) : form.focus;
    services.dispatch({
      type: 'overlay.show',
      overlay: {...overlay, kind: 'updateForm', ...formOverlay({...form, focus, error})},
    });
    return undefined;
  }
  const {targets} = overlay;
  const rows = confirmRows(services, targets);
  askToConfirm(services, {
    title: `Update ${targets.length === 1 ? 'this container' : `these ${targets.length} containers`}?`,
    ...rows,
    // What changes first (wrapped, never cut), then the containers.
    targets: [`with ${plan.flags.join(' ')}`, ...rows.targets],
    owner: 'containers',
    operation: 'update',
    extra: {body: JSON.stringify(plan.body), flags: JSON.stringify(plan.flags)},
  });
  return undefined;
}

export async function runUpdate(services: Services, confirm: Confirmation): Promise<void> {
  const body = JSON.parse(confirm.extra?.body ?? '{}') as Limits;
  const flags = JSON.parse(confirm.extra?.flags ?? '[]') as string[];
  const many = several(services);
  const done: string[] = [];
  const failed: string[] = [];
  const warnings = new Set<string>();
  for (const target of confirmedTargets(confirm)) {
    const name = label(services, target);
    const client = services.engine(target.engine)?.client;
    if (!client) {
      failed.push(`${name}: engine ${target.engine ?? ''} is not connected`);
      continue;
    }
    logCommand(dockerCommand([...contextWords(many ? target.engine : undefined), 'update', ...flags, target.name]));
    try {
      const podman = engineProduct(client.version) === 'Podman';
      for (const warning of await updateContainer(client.docker, target.id, body, podman)) warnings.add(warning);
      done.push(name);
    } catch (error) {
      failed.push(`${name}: ${errorMessage(error)}`);
    }
  }
  const said = [...warnings].map(w => ` (engine: ${w})`).join('');
  if (failed.length)
    services.status(
      `update refused for ${failed.join('; ')}${done.length ? `; updated ${done.join(', ')}` : ''}${said}`,
      'error',
    );
  else services.status(`updated ${done.join(', ')}: ${flags.join(' ')}${said}`);
}
