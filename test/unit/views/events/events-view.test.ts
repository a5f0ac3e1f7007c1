import {afterEach, expect, test, vi} from 'vitest';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {EVENT_TYPES} from '../../../../source/engine/events/read-events.js';
import {allEvents} from '../../../../source/views/events/feed.js';
import {shownStatus} from '../../../../source/ui/components/StatusLine.js';
import type {EngineEvent} from '../../../../source/engine/events/engine-event.js';

const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const controllers: Controller[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) void c.close();
  vi.useRealTimers();
});

function app(): Controller {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  controllers.push(controller);
  return controller;
}

const died = (name: string, exitCode: string): EngineEvent => ({
  Type: 'container',
  Action: 'die',
  time: Math.floor(Date.now() / 1000),
  Actor: {ID: `${name}-0123456789`, Attributes: {name, exitCode}},
});

test("every session's stream carries every event type, and the ring fills before view 9 is opened", () => {
  const controller = app();
  expect(controller.engineEventTypes()).toEqual(expect.arrayContaining([...EVENT_TYPES]));
  controller.sessionListener.event?.({Type: 'image', Action: 'pull', Actor: {ID: 'busybox:latest'}});
  controller.sessionListener.event?.(died('web', '0'));
  expect(allEvents(controller.services).length).toBe(2);
  controller.dispatch({type: 'view.events'});
  expect(controller.store.get().events.total).toBe(2);
});

test('a death alerts once in the status line on any view; a key after it was read, or view 9, clears it', () => {
  vi.useFakeTimers();
  const controller = app();
  for (let i = 0; i < 50; i++) controller.sessionListener.event?.(died(`job-${i}`, '1'));
  vi.advanceTimersByTime(3000);
  const alert = shownStatus(controller.store.get());
  expect(alert?.text).toBe(
    'alert: job-0 exited with code 1; job-1 exited with code 1; job-2 exited with code 1; and 47 more · 9 shows the events',
  );
  controller.dispatch({type: 'view.images'});
  expect(shownStatus(controller.store.get())?.text).toBe(alert?.text);
  controller.dispatch({type: 'view.events'});
  expect(controller.store.get().alerts.unseen).toBeUndefined();
});

// The engine replays the second berth's events are asked from (engine/events/before-start.ts): a death from just
// before berth started is in view 9's ring but is no alert, and does not join the next alert's burst.
test('a death the engine replayed from before berth started does not alert; one after it does, alone', () => {
  vi.useFakeTimers();
  const controller = app();
  controller.sessionListener.event?.(died('earlier', '137'), true);
  vi.advanceTimersByTime(100);
  controller.sessionListener.event?.(died('now', '3'), false);
  vi.advanceTimersByTime(3000);
  expect(controller.store.get().alerts.unseen?.text).toBe('alert: now exited with code 3 · 9 shows the events');
  expect(allEvents(controller.services).length).toBe(2);
});

test('a container berth is stopping (and just stopped) does not alert; another one does', () => {
  vi.useFakeTimers();
  const controller = app();
  const key = 'default/mine-0123456789';
  controller.dispatch({type: 'containers.busy', keys: [key], doing: 'stopping'});
  controller.sessionListener.event?.(died('mine', '143'));
  controller.dispatch({type: 'containers.busy', keys: [key]});
  controller.sessionListener.event?.(died('mine', '137'));
  vi.advanceTimersByTime(3000);
  expect(controller.store.get().alerts.unseen).toBeUndefined();
  controller.sessionListener.event?.(died('other', '2'));
  vi.advanceTimersByTime(3000);
  expect(controller.store.get().alerts.unseen?.text).toContain('other exited with code 2');
});

test("a compose command berth runs ends its project's containers without alerts; another project's death alerts", () => {
  vi.useFakeTimers();
  const controller = app();
  const inProject = (name: string, project: string, exitCode: string): EngineEvent => {
    const event = died(name, exitCode);
    return {...event, Actor: {...event.Actor, Attributes: {name, exitCode, 'com.docker.compose.project': project}}};
  };
  const run = {id: 1, project: 'shop', operation: 'down'};
  controller.dispatch({type: 'compose.run', summary: {...run, status: 'running'}});
  controller.sessionListener.event?.(inProject('shop_web_1', 'shop', '143'));
  controller.dispatch({type: 'compose.run', summary: {...run, status: 'exit 0'}});
  controller.sessionListener.event?.(inProject('shop_db_1', 'shop', '137'));
  vi.advanceTimersByTime(3000);
  expect(controller.store.get().alerts.unseen).toBeUndefined();
  controller.sessionListener.event?.(inProject('blog_web_1', 'blog', '1'));
  vi.advanceTimersByTime(3000);
  expect(controller.store.get().alerts.unseen?.text).toContain('blog_web_1 exited with code 1');
  // The mark fades: a later death of the project is the project's own trouble.
  vi.advanceTimersByTime(11_000);
  controller.dispatch({type: 'alerts.seen'});
  controller.sessionListener.event?.(inProject('shop_web_1', 'shop', '1'));
  vi.advanceTimersByTime(3000);
  expect(controller.store.get().alerts.unseen?.text).toContain('shop_web_1 exited with code 1');
});
