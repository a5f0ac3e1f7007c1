import {expect, test} from 'vitest';
import {TASK_COLUMNS, type TaskLine} from '../../../../source/views/swarm/columns.js';

// ERROR says why a task stopped when there is a reason; a task shut down as asked (the engine's message is just
// "shutdown") shows nothing there, as docker service ps.
test("a task's ERROR: the engine's error, a reason, or nothing for a plain state word", () => {
  const error = TASK_COLUMNS.find(column => column.id === 'error');
  const task = (fields: Partial<TaskLine>) => ({state: 'shutdown', message: '', error: '', ...fields}) as TaskLine;
  expect(error?.cell(task({message: 'shutdown'}))).toBe('');
  expect(error?.cell(task({state: 'complete', message: 'finished'}))).toBe('');
  expect(error?.cell(task({state: 'pending', message: 'no suitable node (1 node not available)'}))).toBe(
    'no suitable node (1 node not available)',
  );
  expect(error?.cell(task({state: 'failed', message: 'started', error: 'task: non-zero exit (2)'}))).toBe(
    'task: non-zero exit (2)',
  );
});
