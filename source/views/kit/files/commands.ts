import {parseOperand} from '../../../engine/container-files/operand.js';
import {engineMessage} from '../../../engine/engine-error.js';
import {sanitizeLine} from '../../../text/sanitize.js';
import type {CommandSpec, Services} from '../../types.js';
import {twoArgs} from '../../command-line.js';
import {copyOut, openFiles, planAndAskCopyIn, showChanges} from './effects.js';

// :cp CONTAINER:PATH LOCAL (copy out) and :cp LOCAL CONTAINER:PATH (copy in, asked first; not with --readonly),
// docker cp's argument forms; :diff [CONTAINER] the changes against the image.
export const FILES_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'cp',
    usage: ':cp CONTAINER:PATH LOCAL | :cp LOCAL CONTAINER:PATH',
    run(services, args) {
      const [source, destination] = twoArgs(args, 'give a source and a destination, one of them CONTAINER:PATH');
      const [from, to] = [parseOperand(source), parseOperand(destination)];
      if ('container' in from && 'container' in to)
        throw new Error('copies between a container and this machine, not between two containers');
      if ('local' in from && from.local === '-') throw new Error('- (a tar on stdin) is for berth cp, not the UI');
      if ('local' in to && to.local === '-') throw new Error('- (a tar on stdout) is for berth cp, not the UI');
      if ('container' in from && 'local' in to)
        void copyOut(services, {container: from.container, source: from.path, dest: to.local}, false);
      else if ('local' in from && 'container' in to)
        void planAndAskCopyIn(services, {source: from.local, container: to.container, dest: to.path});
      else throw new Error('one side must be CONTAINER:PATH (a local path with a colon: ./a:b)');
      return undefined;
    },
  },
  {
    name: 'diff',
    usage: ':diff [CONTAINER]',
    run(services, args) {
      if (args.length > 1) throw new Error('give one container (or none in the files pane)');
      const [name] = args;
      if (name !== undefined) return void diffOf(services, name);
      if (!services.store.get().files) throw new Error('give a container, or press D in the files pane (f)');
      services.dispatch({type: 'overlay.show', overlay: {kind: 'files'}});
      void showChanges(services);
      return undefined;
    },
  },
];

async function diffOf(services: Services, name: string): Promise<void> {
  const docker = services.docker();
  if (!docker) return;
  try {
    const info = await docker.getContainer(name).inspect();
    await openFiles(services, {id: info.Id, name: info.Name.replace(/^\//, ''), state: info.State.Status}, 'changes');
  } catch (error) {
    services.status(`:diff: ${sanitizeLine(engineMessage(error))}`, 'error');
  }
}
