import type {Key} from 'ink';
import type {ExitRequest} from '../views/types.js';

// How long a key waits for what it needs (a list, a dialog that needs the engine's answer) before berth gives up
// on it and says so.
export const KEY_WAIT_MS = 5000;
// A wait shorter than this (a list that answers quickly) says nothing on the status line.
export const KEY_WAIT_QUIET_MS = 250;

export type QueuedKey = {input: string; key: Key; label: string};
type Hold = {what: string};

export type InputQueueHost = {
  // Applies one key now; what it asks of the UI (leave it, quit) is handed to `exit`.
  handle(input: string, key: Key): ExitRequest | undefined;
  // What the key still waits for (a view's data), or undefined to take it now.
  waitsFor(input: string, key: Key): string | undefined;
  label(input: string, key: Key): string;
  exit(request: ExitRequest): void;
  status(text: string, kind: 'info' | 'error'): void;
  // The status line now (a waiting note is cleared only if nothing replaced it; a note on dropped keys is added).
  currentStatus(): {text: string; kind: 'info' | 'error'} | undefined;
  // Calls back on every change of the state; returns the unsubscribe.
  subscribe(listener: () => void): () => void;
  // Whether keys may be applied now (the UI is mounted; not while exec or run has the terminal).
  live(): boolean;
  // A key that cancels what the keys held wait for (esc while a pane still reads its data): the keys held are
  // dropped, said on the status line, and it acts at once rather than wait behind them.
  cancels(input: string, key: Key): boolean;
};

// The one input queue: every key goes through it, in the order typed. A key that cannot act yet — its view is
// still loading, or an earlier key started something that opens a dialog once the engine answers — is held, and
// so is every key after it, until it can (then they are applied in order) or until KEY_WAIT_MS passed (then they
// are dropped and the status line says which and why). Nothing typed ahead is lost without a word.
export class InputQueue {
  private readonly keys: QueuedKey[] = [];
  private readonly holds = new Set<Hold>();
  private draining = false;
  private unsubscribe?: () => void;
  private giveUpTimer?: NodeJS.Timeout;
  private noteTimer?: NodeJS.Timeout;
  private note?: string;
  // What a cancelling key dropped, said once it has acted.
  private cancelled?: string;
  // The head key that waits, and for what (a new head starts the clock again).
  private waiting?: {key: QueuedKey; what: string};

  constructor(private readonly host: InputQueueHost) {}

  get length(): number {
    return this.keys.length;
  }

  push(input: string, key: Key): void {
    this.pushAll([[input, key]]);
  }

  // A burst (paste, fast typing) goes in whole before any of it acts: a key that leaves the UI for a session on the
  // real terminal (:exec -it …⏎) finds the rest queued, to hand over, rather than arriving after the UI is gone.
  pushAll(keys: ReadonlyArray<readonly [string, Key]>): void {
    for (const [input, key] of keys) this.keys.push({input, key, label: this.host.label(input, key)});
    this.drain();
  }

  // The UI leaves for a session on the real terminal (exec, run, attach, a command): the keys still queued were
  // typed after the key that opened it, for it. The caller writes them to the session or says they were dropped.
  handOver(): QueuedKey[] {
    const keys = this.keys.splice(0);
    this.holds.clear();
    this.settle();
    return keys;
  }

  // The keys held were typed for something that will not come: dropped, and said after what the status says.
  drop(typedFor: string): void {
    const labels = this.keys.splice(0).map(queued => queued.label);
    this.settle();
    if (labels.length) this.addToStatus(`${labelled(labels)} typed for ${typedFor} dropped`);
  }

  // Keys after this point wait until `work` settles (or KEY_WAIT_MS).
  hold(what: string, work: Promise<unknown>): void {
    const hold = {what};
    this.holds.add(hold);
    const release = () => {
      if (!this.holds.delete(hold)) return;
      this.drain();
    };
    work.then(release, release);
  }

  // Forget everything queued (quit, a context switch).
  clear(): void {
    this.keys.length = 0;
    this.holds.clear();
    this.settle();
  }

  drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let [head] = this.keys; head; [head] = this.keys) {
        if (!this.host.live()) return this.wait(head, 'the screen to come back');
        const [hold] = this.holds;
        const what = hold ? hold.what : this.host.waitsFor(head.input, head.key);
        if (what !== undefined) {
          if (!hold && this.cancelHeld(what)) continue;
          return this.wait(head, what);
        }
        this.keys.shift();
        const request = this.host.handle(head.input, head.key);
        this.sayCancelled();
        if (request) {
          // The UI leaves: a session on the real terminal takes the keys typed after it (handOver); quitting
          // forgets them.
          this.host.exit(request);
          this.keys.length = 0;
          this.settle();
          return;
        }
      }
      this.settle();
    } finally {
      this.draining = false;
    }
  }

  // A key that cancels what the head waits for (esc while a pane reads) came after it: the keys before it are
  // dropped (said once it acted) and it comes next.
  private cancelHeld(what: string): boolean {
    const at = this.keys.findIndex(queued => this.host.cancels(queued.input, queued.key));
    if (at <= 0) return false;
    const labels = this.keys.splice(0, at).map(queued => queued.label);
    this.cancelled = `${labelled(labels)} (waiting for ${what}) dropped`;
    return true;
  }

  // After the cancelling key acted: its own word (reading cancelled) first, then what it dropped.
  private sayCancelled(): void {
    if (this.cancelled === undefined) return;
    this.addToStatus(this.cancelled);
    this.cancelled = undefined;
  }

  private addToStatus(note: string): void {
    const said = this.host.currentStatus();
    this.host.status(said?.text ? `${said.text} · ${note}` : note, said?.text ? said.kind : 'info');
  }

  private wait(head: QueuedKey, what: string): void {
    // The clock runs per key: what it waits for may change meanwhile (a moment's hold while a list streams in),
    // and the messages name the latest.
    if (this.waiting?.key === head) this.waiting.what = what;
    else {
      this.waiting = {key: head, what};
      clearTimeout(this.giveUpTimer);
      clearTimeout(this.noteTimer);
      this.giveUpTimer = setTimeout(() => this.giveUp(), KEY_WAIT_MS);
      // Said only when the wait is long enough to be noticed.
      this.noteTimer = setTimeout(() => this.tell(), KEY_WAIT_QUIET_MS);
    }
    this.unsubscribe ??= this.host.subscribe(() => this.drain());
  }

  private tell(): void {
    if (!this.waiting) return;
    const labels = this.keys.map(key => key.label);
    this.note = `waiting for ${this.waiting.what}… (${labelled(labels)} held)`;
    this.host.status(this.note, 'info');
  }

  private giveUp(): void {
    const what = this.waiting?.what ?? 'the engine';
    const labels = this.keys.map(key => key.label);
    this.keys.length = 0;
    // A hold that outlived its wait is forgotten: the next keys are taken at once.
    this.holds.clear();
    this.settle();
    if (labels.length) this.host.status(`gave up waiting for ${what}: ${labelled(labels)} dropped`, 'error');
  }

  // Nothing waits any more: stop listening, take the note away if it is still what the status line says.
  private settle(): void {
    this.waiting = undefined;
    clearTimeout(this.giveUpTimer);
    clearTimeout(this.noteTimer);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.note !== undefined && this.host.currentStatus()?.text === this.note) this.host.status('', 'info');
    this.note = undefined;
  }
}

// "key m", "keys s y s": the keys as the status line names them.
function labelled(labels: readonly string[]): string {
  return `${labels.length === 1 ? 'key' : 'keys'} ${labels.join(' ')}`;
}
