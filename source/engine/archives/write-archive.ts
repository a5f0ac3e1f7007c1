import type {Writable} from 'node:stream';
import {BerthError} from '../../errors.js';
import {ArchiveCancelledError, writeError} from './archive-errors.js';
import {openPartial, type PartialFile} from '../files/partial-file.js';
import {ProgressMeter, type ProgressListener} from './progress.js';
import {ArchiveWatch} from './archive-watch.js';
import {pumpBody, writeBatch, type ArchiveBody} from './archive-body.js';
import {trace} from '../../trace.js';

// Where an archive goes: a file (through PATH.partial), or an open stream such as stdout.
export type ArchiveDestination =
  {kind: 'file'; path: string; overwrite?: boolean} | {kind: 'stream'; stream: Writable; name: string};

export type TransferOptions = {
  signal?: AbortSignal;
  // With several engines: the engine's context, named in the logged docker command (docker --context NAME save …).
  context?: string;
  onProgress?: ProgressListener;
};

export type ArchiveResult = {bytes: number; path?: string};

// Streams what the engine sends into the destination in constant memory (the body is read a batch at a time, the
// next once the destination has room), checks that it is a whole tar, and only then gives the file its name. Any
// failure or a cancel removes the partial file and leaves everything else as it was.
export async function writeArchive(
  what: string,
  request: (signal: AbortSignal) => Promise<ArchiveBody>,
  destination: ArchiveDestination,
  options: TransferOptions & {total?: number | Promise<number | undefined>},
): Promise<ArchiveResult> {
  const label = destination.kind === 'file' ? destination.path : destination.name;
  // BERTH_TRACE: where an archive's time goes.
  const mark = (event: string) => trace.event({event, sinceStart: Math.round(performance.now())});
  mark('archive-start');
  let file: PartialFile | undefined;
  if (destination.kind === 'file') {
    try {
      file = await openPartial(destination.path, destination.overwrite ?? false);
    } catch (error) {
      throw writeError(destination.path, error);
    }
  }
  const sink = file?.stream ?? (destination as {stream: Writable}).stream;
  let sinkError: unknown;
  const onSinkError = (error: unknown) => (sinkError ??= error);
  sink.on('error', onSinkError);
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, {once: true});
  const meter = new ProgressMeter(options.onProgress, typeof options.total === 'number' ? options.total : undefined);
  if (options.total instanceof Promise)
    options.total.then(
      total => (meter.total = total || undefined),
      () => undefined,
    );
  const watch = new ArchiveWatch(what, meter);
  try {
    if (options.signal?.aborted) throw new ArchiveCancelledError(what);
    const body = await request(controller.signal);
    mark('archive-answered');
    await pumpBody(body, chunk => {
      const problem = watch.feed(chunk);
      if (problem) throw problem;
      return writeBatch(sink, chunk, body.recycle && (() => body.recycle?.(chunk)));
    });
    const problem = watch.end();
    if (problem) throw problem;
    await ended(sink);
    mark('archive-streamed');
    if (file) {
      try {
        await file.commit();
      } catch (error) {
        sinkError = error;
        throw error;
      }
    }
    mark('archive-committed');
    meter.report('done');
    return {bytes: meter.bytes, path: file?.path};
  } catch (error) {
    // Taken before the partial file is discarded: a write still under way then fails too, and says nothing.
    const failedWrite = sinkError;
    await file?.discard();
    if (options.signal?.aborted) throw new ArchiveCancelledError(what);
    if (failedWrite) throw writeError(label, failedWrite, meter.bytes);
    if (error instanceof BerthError) throw error;
    throw new BerthError(`${what}: the connection to the engine broke (${(error as Error).message}); try again`);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    sink.off('error', onSinkError);
  }
}

// Everything written has reached the destination (a file's last write is done; a stream has flushed).
function ended(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
}
