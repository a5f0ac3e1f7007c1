import type {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {BerthError} from '../../errors.js';
import {ArchiveCancelledError, writeError} from './archive-errors.js';
import {openPartial, type PartialFile} from '../files/partial-file.js';
import {ProgressMeter, type ProgressListener} from './progress.js';
import {TarCheckStream} from './tar-check-stream.js';

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
  try {
    if (options.signal?.aborted) throw new ArchiveCancelledError(what);
    const source = await request(controller.signal);
    await pipeline(source, new TarCheckStream(what, meter), sink, {signal: controller.signal});
    if (file) {
      try {
        await file.commit();
      } catch (error) {
        sinkError = error;
        throw error;
      }
    }
    meter.report('done');
    return {bytes: meter.bytes, path: file?.path};
  } catch (error) {
    await file?.discard();
    if (options.signal?.aborted) throw new ArchiveCancelledError(what);
    if (sinkError) throw writeError(label, sinkError, meter.bytes);
    if (error instanceof BerthError) throw error;
    throw new BerthError(`${what}: the connection to the engine broke (${(error as Error).message}); try again`);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    sink.off('error', onSinkError);
  }
}
