import {quickShellCommand} from '../../engine/exec/exec.js';
import {errorMessage} from '../../errors.js';
import {splitCommandLine} from '../command-line.js';
import type {ExitRequest, Services} from '../types.js';
import {selectedContainer} from './selectors.js';
import {formOverlay, switchOf, textOf, withDraft, type Form, type FormOverlay} from '../form.js';

// e: the configured shell, else /bin/bash where the container has it, else /bin/sh — then the real terminal. What
// is typed after e is for the shell: held meanwhile, handed to it (ui/run.tsx), or dropped if it does not start.
export async function openShell(services: Services): Promise<void> {
  if (!(await leaveForShell(services))) services.dropHeldKeys('the shell');
}

async function leaveForShell(services: Services): Promise<boolean> {
  const row = selectedContainer(services.store.get());
  const docker = row && services.docker(row.engine);
  if (!row || !docker) return false;
  if (row.state !== 'running') {
    services.status(`exec into ${row.name}: the container is ${row.state}, not running; start it first (S)`, 'error');
    return false;
  }
  try {
    const cmd = await quickShellCommand(docker, row.id, services.config.shells);
    services.leaveUi({
      type: 'exec',
      engine: row.engine,
      exec: {
        containerId: row.id,
        containerName: row.name,
        cmd,
        user: services.config.execUser,
        tty: true,
        interactive: true,
      },
    });
    return true;
  } catch (error) {
    services.status(`exec into ${row.name}: ${errorMessage(error)}`, 'error');
    return false;
  }
}

export function openExecForm(services: Services): void {
  const row = selectedContainer(services.store.get());
  if (!row) return;
  const form: Form = {
    title: `exec in ${row.name}`,
    focus: 0,
    fields: [
      {label: 'command', text: 'sh'},
      {label: 'user', text: services.config.execUser ?? '', blank: "(the image's default)"},
      {label: 'tty', on: true},
      {
        label: 'interactive',
        on: true,
        whenOn: 'takes over the terminal until the command exits',
        whenOff: 'output shown in a pane',
      },
    ],
  };
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'execForm', containerId: row.id, containerName: row.name, engine: row.engine, ...formOverlay(form)},
  });
}

// With "interactive" off, the command runs without the terminal and its output opens in a pane.
export function submitExecForm(
  services: Services,
  overlay: FormOverlay & {containerId: string; containerName: string; engine?: string},
): ExitRequest | undefined {
  const form = withDraft(overlay.form, overlay.draft);
  const cmd = splitCommandLine(textOf(form, 'command'));
  if (!cmd.length) {
    services.status('exec: give a command to run', 'error');
    services.dispatch({
      type: 'overlay.show',
      overlay: {
        kind: 'execForm',
        containerId: overlay.containerId,
        containerName: overlay.containerName,
        engine: overlay.engine,
        ...formOverlay({...form, focus: 0}),
      },
    });
    return undefined;
  }
  const interactive = switchOf(form, 'interactive');
  const exec = {
    containerId: overlay.containerId,
    containerName: overlay.containerName,
    engine: overlay.engine,
    cmd,
    user: textOf(form, 'user') || undefined,
    tty: switchOf(form, 'tty'),
    interactive,
  };
  if (interactive) return {type: 'exec', exec, engine: overlay.engine};
  runCaptured(services, exec);
  return undefined;
}

type CapturedExec = {
  containerId: string;
  containerName: string;
  engine?: string;
  cmd: string[];
  user?: string;
  tty: boolean;
};

export function runCaptured(services: Services, exec: CapturedExec): void {
  void captureOutput(services, exec).catch(error =>
    services.status(`exec in ${exec.containerName}: ${errorMessage(error)}`, 'error'),
  );
}

async function captureOutput(services: Services, exec: CapturedExec): Promise<void> {
  const client = services.engine(exec.engine)?.client;
  if (!client) return void services.docker(exec.engine);
  const {execCapture} = await import('../../engine/exec/exec.js');
  const {dockerExecCommand, logCommand} = await import('../../command-log.js');
  logCommand(
    dockerExecCommand({
      context: services.engines().length > 1 ? client.target.context : undefined,
      containerName: exec.containerName,
      cmd: exec.cmd,
      user: exec.user,
      tty: false,
      interactive: false,
    }),
  );
  services.status(`running ${exec.cmd.join(' ')} in ${exec.containerName}…`);
  const result = await execCapture(client.docker, client.api, {
    containerId: exec.containerId,
    containerName: exec.containerName,
    cmd: exec.cmd,
    user: exec.user,
  });
  const lines = [
    ...result.stdout.split('\n'),
    ...(result.stderr ? ['--- stderr ---', ...result.stderr.split('\n')] : []),
  ];
  if (lines.at(-1) === '') lines.pop();
  if (result.truncated) lines.push('[output cut at 1 MiB]');
  // With several engines the container is named after its engine, as everywhere.
  const container =
    services.engines().length > 1 && exec.engine ? `${exec.engine}/${exec.containerName}` : exec.containerName;
  const title = `${exec.cmd.join(' ')} in ${container} · exit ${result.exitCode}${result.error ? ` · ${result.error}` : ''}`;
  services.dispatch({type: 'overlay.show', overlay: {kind: 'text', title, lines, scroll: 0, wrap: true}});
  services.status(
    result.error
      ? `exec ${exec.cmd[0]} in ${container}: ${result.error}`
      : `exec ${exec.cmd.join(' ')} in ${container} exited ${result.exitCode}`,
    result.error || result.exitCode ? 'error' : 'info',
  );
}
