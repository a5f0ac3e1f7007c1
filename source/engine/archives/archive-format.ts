// What an archive handed to `load` is, from its first bytes: the engine accepts a tar, plain or compressed.
export type ArchiveFormat = 'tar' | 'gzip' | 'bzip2' | 'xz' | 'zstd';

export const SNIFF_BYTES = 512;

export function sniffFormat(head: Buffer): ArchiveFormat | undefined {
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'BZh') return 'bzip2';
  if (head.length >= 6 && head.subarray(0, 6).equals(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))) return 'xz';
  if (head.length >= 4 && head.readUInt32LE(0) === 0xfd2fb528) return 'zstd';
  if (head.length >= 262 && head.toString('latin1', 257, 262) === 'ustar') return 'tar';
  return undefined;
}
