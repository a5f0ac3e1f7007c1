import {logCommand} from '../../command-log.js';
import {createContainer, type CreateRequest} from '../../engine/images/create.js';
import {dockerCreateCommand} from '../../engine/images/docker-commands.js';
import {errorMessage} from '../../errors.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {selectedImage} from './list.js';
import {engineKey as engineKeyOf, engineOf} from '../kit/across-engines.js';
import {formOverlay, switchOf, textOf, withDraft, type Form, type FormOverlay} from '../form.js';
import {splitCommandLine} from '../command-line.js';
import {onContext} from './on-context.js';

export function openCreate(services: Services, image?: string): void {
  const row = selectedImage(services.store.get());
  const name = image ?? (row ? (row.tag === '<none>' ? row.shortId : row.reference) : undefined);
  if (!name) return;
  const engine = image === undefined && row ? engineOf(row) : undefined;
  const form: Form = {
    title: `create a container from ${name}${engine ? ` on engine ${engine}` : ''} (not started)`,
    focus: 0,
    fields: [
      {label: 'name', text: '', blank: '(the engine picks one)'},
      {label: 'command', text: '', blank: "(the image's default)"},
      {label: 'env', text: '', blank: 'KEY=VALUE … (quote values with spaces)'},
      {label: 'tty', on: false, whenOn: 'a terminal, as docker create -t', whenOff: 'no terminal'},
    ],
  };
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'imageCreate', image: name, ...(engine ? {engine} : {}), ...formOverlay(form)},
  });
}

// The c form's fields as a request; a word of env without "=" is refused (the engine would drop it silently).
export function createFromForm(image: string, overlay: FormOverlay): CreateRequest {
  const form = withDraft(overlay.form, overlay.draft);
  const env = splitCommandLine(textOf(form, 'env'));
  const bad = env.find(entry => !/^[^=\s]+=/.test(entry));
  if (bad !== undefined) throw new Error(`env "${bad}": write KEY=VALUE, one per word (quote a value with spaces)`);
  const name = textOf(form, 'name').trim();
  return {
    name: name || undefined,
    image,
    cmd: splitCommandLine(textOf(form, 'command')),
    env,
    tty: switchOf(form, 'tty'),
  };
}

// :create NAME [-t] [-e KEY=VALUE]... IMAGE [CMD...]; with `image` given, the words hold no IMAGE.
export function parseCreate(image: string | undefined, words: string[]): CreateRequest {
  const [name, ...rest] = words;
  if (!name) throw new Error('give a name for the container (then -t, -e KEY=VALUE, and the command if any)');
  let tty = false;
  const env: string[] = [];
  let chosen = image;
  let cmd = [...rest];
  for (let flag = cmd[0]; flag?.startsWith('-'); flag = cmd[0]) {
    cmd.shift();
    if (flag === '-t') tty = true;
    else if (flag === '-e') {
      const entry = cmd.shift();
      if (!entry) throw new Error('-e needs KEY=VALUE');
      env.push(entry);
    } else throw new Error(`unknown option "${flag}" (-t, -e KEY=VALUE)`);
  }
  if (!chosen) {
    [chosen, ...cmd] = cmd;
    if (!chosen) throw new Error('give an image: :create NAME IMAGE [CMD...]');
  }
  return {name, image: chosen, cmd, env, tty};
}

export async function runCreate(services: Services, request: CreateRequest, engine?: string): Promise<void> {
  const docker = services.docker(engine);
  if (!docker) return;
  logCommand(onContext(dockerCreateCommand(request), engine));
  try {
    const {id} = await createContainer(docker, request);
    // The form may leave the name to the engine: the short ID then; with several engines, `second/name`.
    const name = engineKeyOf(engine, request.name ?? id.slice(0, 12));
    services.status(
      `created ${sanitizeLine(name)} from ${sanitizeLine(request.image)} (not started; view 1 shows it as Created)`,
    );
  } catch (error) {
    services.status(errorMessage(error), 'error');
  }
}
