import {EventEmitter} from 'node:events';
import {render} from 'ink';
import {AppRoot} from '../../source/ui/components/AppRoot.js';
import type {Controller} from '../../source/ui/controller.js';

// The terminal an in-process Ink app is rendered to in the integration tests: an output that keeps the last frame
// written, and an input that keys are written into.
export class Stdout extends EventEmitter {
  frame = '';
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frame = frame;
    return true;
  };
}

export class Stdin extends EventEmitter {
  isTTY = true;
  data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = () => {
    const data = this.data;
    this.data = null;
    return data;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

// The app rendered in process to a terminal of `columns` x `rows`: its output (the last frame) and its input.
export function renderSized(controller: Controller, columns: number, rows: number) {
  const stdout = new Stdout(columns, rows);
  const stdin = new Stdin();
  const instance = render(<AppRoot controller={controller} />, {
    stdout: stdout as never,
    stderr: new Stdout(columns, rows) as never,
    stdin: stdin as never,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {stdout, stdin, instance};
}
