import {groupDigits} from './compare.js';

// "1 tag", "2 tags", "1,024 files": a count and its noun, singular for one (`many` where the plural is not `one`+s).
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${groupDigits(n)} ${n === 1 ? one : many}`;
}
