import type {ViewModule} from '../types.js';
import {markOwn, markOwnProject, takeAlertEvent} from './burst.js';
import './state.js';

// Not a tab: it hears every engine's container events (the sessions watch those always), and shows its alert
// in the status line (ui/components/StatusLine.tsx) until a key is pressed or view 9 is visited.
export const alertsModule: ViewModule = {
  id: 'alerts',
  title: 'Alerts',
  initial: () => ({alerts: {}}),
  // Only its own actions: the shell's reducer stops at the first module that changes the state.
  reduce(state, action) {
    switch (action.type) {
      case 'alerts.raised': {
        // View 9 shows it already: nothing to be told later.
        if (state.view === 'events') return state;
        const before = state.alerts.unseen;
        // Unseen alerts add up: the status line counts every container in trouble since the user last looked.
        const count = (before?.count ?? 0) + action.count;
        const text = before
          ? `alert: ${count} containers in trouble since you last looked; the newest: ${action.text} · 9 shows the events`
          : `alert: ${action.text} · 9 shows the events`;
        return {...state, alerts: {unseen: {kind: 'alert', text, count, at: Date.now()}}};
      }
      case 'alerts.seen':
        return state.alerts.unseen ? {...state, alerts: {}} : state;
      default:
        return state;
    }
  },
  effect(services, action, _before, after) {
    // Visiting the events view is seeing what happened.
    if (after.view === 'events' && after.alerts.unseen) services.dispatch({type: 'alerts.seen'});
    if (action.type === 'containers.busy') markOwn(services, action.keys, action.doing !== undefined);
    // compose down, stop, up --force-recreate… run by berth end the project's containers on purpose.
    if (action.type === 'compose.run')
      markOwnProject(services, action.summary.project, action.summary.status === 'running');
  },
  allEngineEvents: true,
  onEngine(services, update) {
    // What happened before berth started is in the lists it shows: no news to alert on.
    if (update.kind === 'event' && !update.beforeStart) takeAlertEvent(services, update.event, update.engine);
  },
};
