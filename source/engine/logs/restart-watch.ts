import {compareTimestamps} from './timestamp.js';

// A container restarted while its log stream was down: the newest entry time received is what the restart is
// measured against (source-state.ts), and the note that says so goes in front of the first entry written after
// the restart.
export class RestartWatch {
  // The newest entry time received.
  lastEntryTime?: string;
  // Set when the container was found restarted (its old process finished at `at`).
  private restart?: {at: string; note: string};

  found(restart: {at: string; note: string}): void {
    this.restart = restart;
  }

  // Takes an entry's time; answers the note due in front of it, once.
  noteBefore(time: string): string | undefined {
    let note: string | undefined;
    if (this.restart && compareTimestamps(time, this.restart.at) > 0) {
      note = this.restart.note;
      this.restart = undefined;
    }
    if (!this.lastEntryTime || compareTimestamps(time, this.lastEntryTime) > 0) this.lastEntryTime = time;
    return note;
  }
}
