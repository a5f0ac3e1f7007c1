// Alerts: a container that died with a code other than 0, was OOM-killed or turned unhealthy, and that berth did
// not stop itself. The store holds the alert not yet seen; the status line shows it on every view.
import type {NoFields} from '../../store/state.js';

export type Alert = {
  // Shown in the status line as it is (as a status message is): the alert colour says what it is.
  kind: 'alert';
  text: string;
  // Containers in trouble since the alert was last seen (a burst of 50 deaths is one alert counting 50).
  count: number;
  at: number;
};

declare module '../../store/state.js' {
  interface ViewSlices {
    alerts: {unseen?: Alert};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'alerts.raised': {text: string; count: number};
    // A key pressed, or view 9 visited, after the alert showed.
    'alerts.seen': NoFields;
  }
}
