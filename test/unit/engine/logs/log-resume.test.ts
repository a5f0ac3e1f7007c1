import {describe, expect, test} from 'vitest';
import type {LogStream} from '../../../../source/engine/logs/entry.js';
import {entryKey, KeyBag, RecentEntries, type TimedEntry} from '../../../../source/engine/logs/seen-entries.js';
import {timestampToSince} from '../../../../source/engine/logs/timestamp.js';

function at(nanos: number): string {
  return `2026-11-22T00:00:00.${String(nanos).padStart(9, '0')}Z`;
}

function entry(nanos: number, text: string, stream: LogStream = 'stdout'): TimedEntry {
  return {stream, time: at(nanos), content: Buffer.from(`${text}\n`), complete: true};
}

// What the engine sends for `since`: every entry of the log at or after it, in file order.
function engineSince(log: TimedEntry[], since: string): TimedEntry[] {
  return log.filter(e => timestampToSince(e.time)! >= since);
}

// Plays a follow that breaks after `cut` entries and resumes: what does the reader end up with?
function followWithCut(log: TimedEntry[], cut: number, capacity = 1000): string[] {
  const recent = new RecentEntries(capacity);
  const received: string[] = [];
  for (const e of log.slice(0, cut)) {
    recent.record(e);
    received.push(e.content.toString());
  }
  const point = recent.resumePoint()!;
  for (const e of engineSince(log, point.since)) {
    if (point.seen.take(entryKey(e)!)) continue;
    recent.record(e);
    received.push(e.content.toString());
  }
  return received;
}

describe('entry keys', () => {
  test('stream, timestamp and bytes tell entries apart', () => {
    const a = entry(1, 'same');
    expect(entryKey(a)).toBe(entryKey(entry(1, 'same')));
    expect(entryKey(a)).not.toBe(entryKey(entry(2, 'same')));
    expect(entryKey(a)).not.toBe(entryKey(entry(1, 'same', 'stderr')));
    expect(entryKey(a)).not.toBe(entryKey(entry(1, 'other')));
    // Same stream, time and length: the bytes' hashes tell them apart.
    expect(entryKey(a)).not.toBe(entryKey(entry(1, 'sane')));
    expect(entryKey(a)).not.toBe(entryKey(entry(1, 'smae')));
  });

  test('long entries are keyed by a digest, not kept whole', () => {
    const key = entryKey(entry(1, 'x'.repeat(16384)))!;
    expect(key.length).toBeLessThan(120);
    expect(key).not.toBe(entryKey(entry(1, 'x'.repeat(16383) + 'y')));
  });

  test('entries without a timestamp are never taken for repeats', () => {
    expect(entryKey({stream: 'system', content: Buffer.from('Error grabbing logs\n'), complete: true})).toBeUndefined();
  });

  test('a bag counts identical entries', () => {
    const bag = new KeyBag();
    bag.add('k');
    bag.add('k');
    expect([bag.take('k'), bag.take('k'), bag.take('k')]).toEqual([true, true, false]);
  });
});

describe('resuming a follow without duplicates or gaps', () => {
  const log = Array.from({length: 50}, (_, i) => entry(1000 + i * 10, `line ${i}`));

  test('wherever the connection breaks, every entry arrives exactly once, in order', () => {
    const expected = log.map(e => e.content.toString());
    for (let cut = 1; cut < log.length; cut++) expect(followWithCut(log, cut)).toEqual(expected);
  });

  test('also when only the newest few entries are remembered', () => {
    const expected = log.map(e => e.content.toString());
    for (let cut = 1; cut < log.length; cut++) expect(followWithCut(log, cut, 3)).toEqual(expected);
  });

  test('entries sharing a timestamp (the pieces of a cut long line, identical lines) are neither lost nor doubled', () => {
    const same = [entry(500, 'x'), entry(500, 'x'), entry(500, 'x'), entry(500, 'tail'), entry(600, 'after')];
    const expected = same.map(e => e.content.toString());
    for (let cut = 1; cut < same.length; cut++) expect(followWithCut(same, cut)).toEqual(expected);
  });

  test('stdout and stderr written out of timestamp order by the engine: nothing is lost', () => {
    // File order differs from time order by a few microseconds: err (t=1005) lands after out (t=1010).
    const racy = [entry(1000, 'a'), entry(1010, 'out'), entry(1005, 'err', 'stderr'), entry(1020, 'b')];
    const engine = (since: string) => racy.filter(e => timestampToSince(e.time)! >= since);
    const recent = new RecentEntries();
    // The connection breaks after "out": "err" (older timestamp) was still in flight.
    for (const e of racy.slice(0, 2)) recent.record(e);
    const point = recent.resumePoint()!;
    const resent = engine(point.since).filter(e => !point.seen.take(entryKey(e)!));
    expect(resent.map(e => e.content.toString())).toEqual(['err\n', 'b\n']);
  });

  test('the resume point moves just past what was forgotten', () => {
    const recent = new RecentEntries(2);
    for (const e of log.slice(0, 5)) recent.record(e);
    // Remembered: entries 3 and 4; forgotten up to entry 2 (t=1020), so resume from t=1020 + 1 ns.
    expect(recent.resumePoint()!.since).toBe(`${timestampToSince(at(1020))!.slice(0, -9)}000001021`);
    expect(recent.size).toBe(2);
  });

  test('nothing received yet: no resume point, the original request is repeated', () => {
    expect(new RecentEntries().resumePoint()).toBeUndefined();
  });
});
