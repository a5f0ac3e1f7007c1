import type {LogEntry, LogStream} from './entry.js';
import {LineAssembler, makeLine, type LogLine} from './line-assembler.js';

// Turns one request's entries into lines: each stream has its own assembler, so that a partial stdout line
// is not glued to an stderr one.
export class EntryLines {
  private readonly assemblers: Record<LogStream, LineAssembler> = {
    stdout: new LineAssembler('stdout'),
    stderr: new LineAssembler('stderr'),
    system: new LineAssembler('system'),
  };

  constructor(private readonly keep: (line: LogLine) => void) {}

  add(entry: LogEntry): void {
    if (entry.stream === 'system') {
      // The engine's own error text: shown as is, one line per line.
      for (const text of entry.content.toString('utf8').split('\n'))
        if (text.trim()) this.keep(makeLine(text, 'system', entry.time, false));
      return;
    }
    const line = this.assemblers[entry.stream].add(entry);
    if (line) this.keep(line);
  }

  flush(): void {
    for (const assembler of Object.values(this.assemblers)) {
      const line = assembler.flush();
      if (line) this.keep(line);
    }
  }
}
