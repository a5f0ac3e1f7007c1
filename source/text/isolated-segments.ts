import {isolatedWidth} from './isolated-width.js';

// Grapheme clusters without Intl.Segmenter, for text made only of characters that never join a neighbour
// (isolated-width.ts) and control characters (ESC, BEL, …), which Unicode keeps alone but for CR LF: each character is
// one cluster. Ink's tokenizers (@alcalzone/ansi-tokenize, slice-ansi) segment every line they cut or
// write; making the first Intl.Segmenter loads ICU's break data, ~9 ms of a start on this kind of machine
// (docs/benchmarks.md, "Start"). scripts/segmenter-on-demand.mjs puts this in front of their segmenters.
type Segment = {segment: string; index: number; input: string};
export type Segments = Iterable<Segment> & {containing(index: number): Segment | undefined};

// C0 controls and DEL are clusters of their own; CR is not among them (CR LF is one cluster).
const alone = (code: number) => (code < 0x20 && code !== 0x0d) || code === 0x7f;

export function isolatedSegments(text: string): Segments | undefined {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isolatedWidth(code) === 0 && !alone(code)) return undefined;
  }
  const at = (index: number): Segment => ({segment: text[index]!, index, input: text});
  return {
    *[Symbol.iterator]() {
      for (let i = 0; i < text.length; i++) yield at(i);
    },
    containing: index => (index >= 0 && index < text.length ? at(Math.trunc(index)) : undefined),
  };
}
