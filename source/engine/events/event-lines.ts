import type {EngineEvent} from './engine-event.js';

// A line longer than this is no event berth understands: dropped rather than held without bound.
const MAX_EVENT_BYTES = 1024 * 1024;

// GET /events answers one JSON object a line: chunks (decoded as a stream, so a character split across two
// arrives whole) in, events out; what is not JSON is not an event.
export function eventLines(onEvent: (event: EngineEvent) => void): (chunk: string) => void {
  let partial = '';
  return chunk => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    if (partial.length > MAX_EVENT_BYTES) partial = '';
    for (const line of lines) {
      if (!line.trim()) continue;
      let event: EngineEvent;
      try {
        event = JSON.parse(line) as EngineEvent;
      } catch {
        continue;
      }
      const nanos = /"timeNano":(\d+)/.exec(line)?.[1];
      onEvent(nanos ? {...event, timeNanoText: nanos} : event);
    }
  };
}
