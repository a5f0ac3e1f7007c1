import {useInput, type Key} from 'ink';
import {splitKeys} from '../handle-key.js';
import {useController} from './use-controller.js';

// The application's only keyboard reader: every key goes to the controller's input queue (ui/input-queue.ts),
// which applies it at once, or holds it (and the keys after it) while what it acts on is still coming.
export function useKeyDispatch(): void {
  const controller = useController();
  useInput((input, key) => {
    // A burst goes into the queue whole (a key in it may leave the UI for a shell, which takes the rest)…
    let burst: Array<[string, Key]> = [];
    for (const [char, charKey] of splitKeys(input, key)) {
      // …but ctrl-c never waits: it quits (or interrupts a running compose) whatever is held.
      if (charKey.ctrl && char === 'c') {
        controller.input.pushAll(burst);
        burst = [];
        controller.input.clear();
      }
      burst.push([char, charKey]);
    }
    controller.input.pushAll(burst);
  });
}
