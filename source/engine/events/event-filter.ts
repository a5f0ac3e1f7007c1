import {compileMatcher, InvalidPatternError} from '../../text/match.js';
import type {EventRecord} from './event-record.js';

// The events view's `/` filter: `type:container`, `action:die` (an action starting so: `action:health_status`),
// `engine:NAME`, and any other words matched (as the lists match) against the name, ID and attributes. Every
// part must match; the same key twice means either.
export function eventMatcher(query: string): (record: EventRecord) => boolean {
  const keyed = new Map<string, string[]>();
  const words: string[] = [];
  for (const word of query.trim().split(/\s+/).filter(Boolean)) {
    const part = /^(type|action|engine|name):(.+)$/i.exec(word);
    if (part?.[1] && part[2]) {
      const key = part[1].toLowerCase();
      keyed.set(key, [...(keyed.get(key) ?? []), part[2].toLowerCase()]);
    } else words.push(word);
  }
  let text: (value: string) => boolean = () => true;
  try {
    if (words.length) text = compileMatcher(words.join(' '));
  } catch (error) {
    if (!(error instanceof InvalidPatternError)) throw error;
    text = () => false;
  }
  const either = (key: string, test: (wanted: string) => boolean) => {
    const wanted = keyed.get(key);
    return !wanted || wanted.some(test);
  };
  return record =>
    either('type', wanted => record.type.toLowerCase() === wanted) &&
    either('action', wanted => record.action.toLowerCase().startsWith(wanted)) &&
    either('engine', wanted => (record.engine ?? '').toLowerCase() === wanted) &&
    either('name', wanted => record.name.toLowerCase().includes(wanted)) &&
    text(`${record.name} ${record.id} ${record.attributes}`);
}
