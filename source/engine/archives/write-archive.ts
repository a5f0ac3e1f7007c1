import type {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {BerthError} from '../../errors.js';
import {ArchiveCancelledError, writeError} from './archive-errors.js';
import {openPartial, type PartialFile} from '../files/partial-file.js';
import {ProgressMeter, type ProgressListener} from './progress.js';
import {TarCheckStream} from './tar-check-stream.js';
import {ArchiveWatch} from './archive-watch.js';
import {ArchiveFileSink} from './archive-file-sink.js';
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

// Streams what the engine sends into the destination in constant memory (every stage passes chunks on and
// waits for the next to drain), checks that it is a whole tar, and only then gives the file its name. Any
// failure or a cancel removes the partial file and leaves everything else as it was.
export async function writeArchive(
  what: string,
  request: (signal: AbortSignal) => Promise<Readable>,
  destination: ArchiveDestination,
  options: TransferOptions & {total?: number | Promise<number | undefined>},
): Promise<ArchiveResult> {
  const label = destination.kind === 'file' ? destination.path : destination.name;
  // BERTH_TRACE: where an archive's time goes (bench/archives.mjs reads these).
  const mark = (event: string) => trace.event({event, sinceStart: Math.round(performance.now())});
  mark('archive-start');
  const meter = new ProgressMeter(options.onProgress, typeof options.total === 'number' ? options.total : undefined);
  if (options.total instanceof Promise)
    options.total.then(
      total => (meter.total = total || undefined),
      () => undefined,
    );
  const watch = new ArchiveWatch(what, meter);
  let file: PartialFile<ArchiveFileSink> | undefined;
  if (destination.kind === 'file') {
    try {
      file = await openPartial(
        destination.path,
        destination.overwrite ?? false,
        handle => new ArchiveFileSink(handle, watch),
      );
    } catch (error) {
      throw writeError(destination.path, error);
    }
  }
  // A failure to write, told apart from the archive's own: the file's sink keeps it, a stream's every error is one.
  let streamError: unknown;
  const onStreamError = (error: unknown) => (streamError ??= error);
  if (destination.kind === 'stream') destination.stream.on('error', onStreamError);
  let commitError: unknown;
  const writeFailure = () => commitError ?? file?.stream.writeFailure ?? streamError;
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, {once: true});
  try {
    if (options.signal?.aborted) throw new ArchiveCancelledError(what);
    const source = await request(controller.signal);
    mark('archive-answered');
    if (file) await pipeline(source, file.stream, {signal: controller.signal});
    else
      await pipeline(source, new TarCheckStream(watch), (destination as {stream: Writable}).stream, {
        signal: controller.signal,
      });
    mark('archive-streamed');
    if (file) {
      try {
        await file.commit();
      } catch (error) {
        commitError = error;
        throw error;
      }
    }
    mark('archive-committed');
    meter.report('done');
    return {bytes: meter.bytes, path: file?.path};
  } catch (error) {
    await file?.discard();
    if (options.signal?.aborted) throw new ArchiveCancelledError(what);
    const failure = writeFailure();
    if (failure) throw writeError(label, failure, meter.bytes);
    if (error instanceof BerthError) throw error;
    throw new BerthError(`${what}: the connection to the engine broke (${(error as Error).message}); try again`);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    if (destination.kind === 'stream') destination.stream.off('error', onStreamError);
  }
}
