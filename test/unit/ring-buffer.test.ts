import { describe, expect, it } from 'vitest';
import { RingBuffer } from '../../source/text/ring-buffer.js';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('RingBuffer', () => {
  it('rejects capacities that cannot work', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity]) expect(() => new RingBuffer(bad)).toThrow(RangeError);
  });

  it('keeps the newest items and counts the evicted ones', () => {
    const buffer = new RingBuffer<number>(3);
    for (let i = 1; i <= 5; i++) buffer.push(i);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect(buffer.length).toBe(3);
    expect(buffer.dropped).toBe(2);
    expect(buffer.totalPushed).toBe(5);
    expect(buffer.get(0)).toBe(3);
    expect(buffer.get(2)).toBe(5);
    expect(buffer.get(3)).toBeUndefined();
    expect(buffer.get(-1)).toBeUndefined();
    expect(buffer.get(0.5)).toBeUndefined();
    expect([...buffer]).toEqual([3, 4, 5]);
  });

  it('slices like Array.prototype.slice across the wrap point', () => {
    const buffer = new RingBuffer<number>(5);
    for (let i = 0; i < 8; i++) buffer.push(i); // holds 3..7, physically wrapped
    const reference = [3, 4, 5, 6, 7];
    const bounds = [undefined, -10, -3, -1, 0, 1, 2, 4, 5, 9, Number.NaN, 1.7];
    for (const start of bounds) {
      for (const end of bounds) {
        expect(buffer.slice(start, end)).toEqual(reference.slice(start, end));
      }
    }
  });

  it('pushMany larger than the capacity keeps the tail and counts the rest as dropped', () => {
    const buffer = new RingBuffer<number>(4);
    buffer.push(-1);
    buffer.pushMany([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(buffer.toArray()).toEqual([6, 7, 8, 9]);
    expect(buffer.dropped).toBe(7);
    expect(buffer.totalPushed).toBe(11);
  });

  it('changes version on every mutation and only then', () => {
    const buffer = new RingBuffer<string>(2);
    const seen = new Set<number>([buffer.version]);
    const mutations: Array<() => void> = [
      () => buffer.push('a'),
      () => buffer.pushMany(['b', 'c']),
      () => buffer.push('d'), // evicts
      () => buffer.clear(),
      () => buffer.clear(),
      () => buffer.push('e'),
    ];
    for (const mutate of mutations) {
      mutate();
      expect(seen.has(buffer.version)).toBe(false);
      seen.add(buffer.version);
    }
    const before = buffer.version;
    buffer.pushMany([]);
    buffer.get(0);
    buffer.slice();
    expect(buffer.version).toBe(before);
  });

  it('clear empties the pane but keeps the history counters', () => {
    const buffer = new RingBuffer<number>(2);
    buffer.pushMany([1, 2, 3]);
    buffer.clear();
    expect(buffer.length).toBe(0);
    expect(buffer.toArray()).toEqual([]);
    expect(buffer.dropped).toBe(1);
    expect(buffer.totalPushed).toBe(3);
    buffer.pushMany([4, 5, 6]);
    expect(buffer.toArray()).toEqual([5, 6]);
    expect(buffer.dropped).toBe(2);
  });

  it('matches a naive array model under random operations', () => {
    const random = mulberry32(7);
    for (let round = 0; round < 200; round++) {
      const capacity = 1 + Math.floor(random() * 9);
      const buffer = new RingBuffer<number>(capacity);
      let model: number[] = [];
      let dropped = 0;
      let next = 0;
      for (let step = 0; step < 60; step++) {
        const choice = random();
        if (choice < 0.6) {
          buffer.push(next);
          model.push(next++);
        } else if (choice < 0.95) {
          const batch = Array.from({ length: Math.floor(random() * 15) }, () => next++);
          buffer.pushMany(batch);
          model.push(...batch);
        } else {
          buffer.clear();
          model = [];
        }
        while (model.length > capacity) {
          model.shift();
          dropped++;
        }
        expect(buffer.toArray()).toEqual(model);
        expect(buffer.dropped).toBe(dropped);
        expect(buffer.totalPushed).toBe(next);
        const i = Math.floor(random() * (capacity + 2)) - 1;
        expect(buffer.get(i)).toBe(model[i]);
      }
    }
  });

  it('pushes in constant time at large capacity', () => {
    const buffer = new RingBuffer<number>(100_000);
    const start = performance.now();
    for (let i = 0; i < 2_000_000; i++) buffer.push(i);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(buffer.get(0)).toBe(1_900_000);
    expect(buffer.get(99_999)).toBe(1_999_999);
  });
});
