import {open} from 'node:fs/promises';
import type {IncomingMessage} from 'node:http';
import {type Readable, Transform, type TransformCallback, pipeline} from 'node:stream';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {ArchiveCancelledError, readError, safeText} from './archive-errors.js';
import {SNIFF_BYTES, sniffFormat} from './archive-format.js';
import {engineStream} from './engine-stream.js';
import {ProgressMeter} from './progress.js';
import {TarCheck} from './tar-check.js';
import {json} from '../json.js';
import type {TransferOptions} from './write-archive.js';

const READ_BYTES = 120 * 1024;

export type ArchiveSource = {kind: 'file'; path: string} | {kind: 'stream'; stream: Readable; name: string};

export type LoadResult = {
  // The engine's own lines: `Loaded image: name:tag` or `Loaded image ID: sha256:…`.
  loaded: string[];
  bytes: number;
};

// `docker load`: POST /images/load with the archive streamed from the file (or stdin) in constant memory. The
// engine answers 200 and reports a failure inside the answer (`errorDetail`), which is an error here.
export async function loadImages(
  docker: Docker,
  source: ArchiveSource,
  options: TransferOptions = {},
): Promise<LoadResult> {
  const label = source.kind === 'file' ? source.path : source.name;
  const {input, size} = await openSource(source);
  logCommand(
    dockerCommand([...contextWords(options.context), 'load', ...(source.kind === 'file' ? ['-i', source.path] : [])]),
  );
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, {once: true});
  const meter = new ProgressMeter(options.onProgress, size, undefined, false);
  let bodyError: Error | undefined;
  // A file is sent with its length (no chunk framing for the engine to undo, one buffer per TLS write); the read
  // stops there, and a file that changed meanwhile is said, not sent short (the engine would wait for the rest).
  const length = size || undefined;
  const check = new ArchiveCheck(label, meter, length);
  pipeline(input, check, error => {
    if (error) bodyError ??= error;
  });
  check.once('end', () => meter.report('engine'));
  try {
    if (options.signal?.aborted) throw new ArchiveCancelledError('load');
    let response: IncomingMessage;
    try {
      response = await engineStream(docker, {
        path: '/images/load?',
        method: 'POST',
        options: {quiet: true},
        body: check,
        bodyLength: length,
        signal: controller.signal,
        refused: (_status, message) => new BerthError(`cannot load ${label}: ${explainEngine(message)}`),
      });
    } catch (error) {
      throw bodyError ?? error;
    }
    const loaded = await readAnswer(response, label);
    if (bodyError) throw bodyError;
    meter.report('done');
    return {loaded, bytes: meter.bytes};
  } catch (error) {
    input.destroy();
    if (options.signal?.aborted) throw new ArchiveCancelledError('load');
    if (error instanceof BerthError) throw error;
    if (bodyError instanceof BerthError) throw bodyError;
    if (bodyError) throw readError(label, bodyError);
    throw new BerthError(
      `cannot load ${label}: the connection to the engine broke (${safeText((error as Error).message)}); try again`,
    );
  } finally {
    options.signal?.removeEventListener('abort', cancel);
  }
}

async function openSource(source: ArchiveSource): Promise<{input: Readable; size?: number}> {
  if (source.kind === 'stream') return {input: source.stream};
  try {
    const handle = await open(source.path, 'r');
    const info = await handle.stat().catch(async error => {
      await handle.close();
      throw error;
    });
    if (info.isDirectory()) {
      await handle.close();
      throw Object.assign(new Error('EISDIR'), {code: 'EISDIR'});
    }
    // Each read is a buffer of its own (READ_BYTES): under glibc's mmap threshold (128 KiB, fixed by bin/berth.js's
    // MALLOC_TRIM_THRESHOLD_) it comes from memory freed by earlier reads; 1 MiB reads were fresh pages from the
    // kernel every time (535,583 page faults for a 1 GiB load against docker's 1,999; docs/benchmarks.md, "Archives").
    const end = info.size > 0 ? {end: info.size - 1} : {};
    return {input: handle.createReadStream({highWaterMark: READ_BYTES, ...end}), size: info.size};
  } catch (error) {
    throw readError(source.path, error);
  }
}

// Refuses what is not an archive before the engine sees it, and for a plain tar also refuses one that stops
// short: the engine would only say "unexpected EOF".
export class ArchiveCheck extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private decided = false;
  private tar: TarCheck | undefined;

  constructor(
    private readonly label: string,
    private readonly meter: ProgressMeter,
    private readonly length?: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.decided) {
      this.pass(chunk, callback);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) {
      callback();
      return;
    }
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (!this.decided) {
      if (this.headBytes === 0) {
        callback(
          new BerthError(
            `cannot load ${this.label}: it is empty; give a tar archive made by docker save or berth save`,
          ),
        );
        return;
      }
      this.decide(error => {
        if (error) callback(error);
        else this.finish(callback);
      });
      return;
    }
    this.finish(callback);
  }

  private decide(callback: TransformCallback): void {
    this.decided = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    const format = sniffFormat(head);
    if (!format) {
      callback(
        new BerthError(
          `cannot load ${this.label}: it is not a tar archive (plain, gzip, bzip2 or xz); give a file made by docker save or berth save`,
        ),
      );
      return;
    }
    if (format === 'tar') this.tar = new TarCheck();
    this.pass(head, callback);
  }

  private pass(chunk: Buffer, callback: TransformCallback): void {
    this.meter.add(chunk.length);
    if (this.tar) {
      this.tar.feed(chunk);
      if (this.tar.problem) {
        callback(this.broken(this.tar.problem));
        return;
      }
    }
    callback(null, chunk);
  }

  private finish(callback: TransformCallback): void {
    if (this.length !== undefined && this.meter.bytes !== this.length) {
      callback(
        new BerthError(
          `cannot load ${this.label}: it changed while it was read (${this.meter.bytes} of ${this.length} bytes); nothing was loaded, load it again`,
        ),
      );
      return;
    }
    const problem = this.tar?.end();
    callback(problem ? this.broken(problem) : null);
  }

  private broken(problem: string): BerthError {
    return new BerthError(
      `cannot load ${this.label}: ${safeText(problem)}; nothing was loaded, make the archive again`,
    );
  }
}

// The answer is JSON lines; a line with `errorDetail` (or `error`) is the engine's failure.
async function readAnswer(response: IncomingMessage, label: string): Promise<string[]> {
  const loaded: string[] = [];
  let failure: string | undefined;
  let rest = '';
  const take = (line: string) => {
    if (!line.trim()) return;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      return;
    }
    // The engine's JSON, checked before use: a non-string stream or error must not crash the load.
    const {stream, error, errorDetail} = json(event);
    const detail = json(errorDetail).message;
    const message = typeof detail === 'string' ? detail : typeof error === 'string' ? error : undefined;
    if (message) failure ??= message;
    else if (typeof stream === 'string')
      for (const text of stream.split('\n')) if (text.trim()) loaded.push(safeText(text));
  };
  response.setEncoding('utf8');
  for await (const chunk of response as AsyncIterable<string>) {
    rest += chunk;
    const lines = rest.split('\n');
    rest = lines.pop()!;
    for (const line of lines) take(line);
  }
  take(rest);
  if (failure) throw new BerthError(`cannot load ${label}: ${explainEngine(safeText(failure))}`);
  return loaded;
}

function explainEngine(message: string): string {
  if (/unexpected EOF|invalid tar header|archive\/tar|gzip|xz|bzip2|checksum/i.test(message)) {
    return `the engine says "${message}": the archive is truncated or damaged; make it again`;
  }
  return `the engine says "${message}"`;
}
