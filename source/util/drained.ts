// Until a stream that refused a write has room again, or has failed or closed (then the write that follows says
// so, or a pipe whose reader left is let go). The listeners go either way: a gzip layer waits thousands of times.
export function drained(stream: Pick<NodeJS.EventEmitter, 'on' | 'off'>): Promise<void> {
  return new Promise(resolve => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}
