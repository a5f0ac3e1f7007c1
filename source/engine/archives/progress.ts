import {bytes} from '../../text/format.js';
import {itemAt} from '../../util/item-at.js';

export type ArchiveProgress = {
  // Bytes through the archive so far.
  bytes: number;
  // The expected size when it is known (image sizes for save, the file for load, SizeRootFs for export). An
  // estimate for save and export: the tar adds headers, shared layers are counted once.
  total?: number;
  // Bytes per second over the last few seconds.
  rate: number;
  // 0-100 while a total is known; 100 only once the archive is complete.
  percent?: number;
  // The total is an estimate (save, export) rather than exact (the file being loaded).
  estimated?: boolean;
  // 'engine': every byte is through and the engine is still working (load registers the layers after reading).
  phase: 'transfer' | 'engine' | 'done';
};

export type ProgressListener = (progress: ArchiveProgress) => void;

const REPORT_EVERY_MS = 100;
const RATE_WINDOW_MS = 3000;

// Counts the bytes a stream stage passes on and reports at most every 100 ms. Not a stream stage of its own:
// each stage costs a little per chunk, and an archive of a gigabyte is some 60,000 chunks.
export class ProgressMeter {
  private count = 0;
  private lastReport = 0;
  private samples: {at: number; bytes: number}[] = [];
  total: number | undefined;

  constructor(
    private readonly listener: ProgressListener | undefined,
    total?: number,
    private readonly now: () => number = () => performance.now(),
    private readonly estimated = true,
  ) {
    this.total = total && total > 0 ? total : undefined;
    this.samples.push({at: this.now(), bytes: 0});
  }

  get bytes(): number {
    return this.count;
  }

  add(length: number): void {
    this.count += length;
    const at = this.now();
    if (at - this.lastReport >= REPORT_EVERY_MS) {
      this.lastReport = at;
      this.report('transfer', at);
    }
  }

  report(phase: ArchiveProgress['phase'], at = this.now()): void {
    if (!this.listener) return;
    this.samples.push({at, bytes: this.count});
    // The sample just pushed keeps the list non-empty.
    while (this.samples.length > 2 && at - itemAt(this.samples, 0).at > RATE_WINDOW_MS) this.samples.shift();
    const first = itemAt(this.samples, 0);
    const seconds = (at - first.at) / 1000;
    const rate = seconds > 0 ? (this.count - first.bytes) / seconds : 0;
    const percent =
      phase === 'done' ? 100 : this.total ? Math.min(99, Math.floor((this.count / this.total) * 100)) : undefined;
    this.listener({bytes: this.count, total: this.total, rate, percent, phase, estimated: this.estimated});
  }
}

// "412MB of 1.1GB (37%), 96MB/s" — the words the CLI and the UI's progress line share.
export function describeProgress(progress: ArchiveProgress): string {
  const amount = progress.total
    ? `${bytes(progress.bytes)} of ${progress.estimated === false ? '' : '~'}${bytes(progress.total)}`
    : bytes(progress.bytes);
  const percent = progress.percent === undefined ? '' : ` (${progress.percent}%)`;
  const rate = progress.phase === 'transfer' && progress.rate > 0 ? `, ${bytes(progress.rate)}/s` : '';
  const engine = progress.phase === 'engine' ? ', the engine is loading the layers' : '';
  return `${amount}${percent}${rate}${engine}`;
}
