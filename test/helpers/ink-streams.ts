import {EventEmitter} from 'node:events';

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
