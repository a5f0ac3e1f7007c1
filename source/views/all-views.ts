import {alertsModule} from './alerts/index.js';
import {archives} from './kit/archives/index.js';
import {compose} from './compose/index.js';
import {containers} from './containers/index.js';
import {copyModule} from './copy/index.js';
import {sortModule} from './sort/index.js';
import {engineOverview} from './engine-overview/index.js';
import {events} from './events/index.js';
import {images} from './images/index.js';
import {layersPane} from './kit/layers/index.js';
import {logPane} from './kit/log-pane/index.js';
import {filesPane} from './kit/files/index.js';
import {mousePane} from './mouse/index.js';
import {networks} from './networks/index.js';
import {registry} from './registry/index.js';
import {swarm} from './swarm/index.js';
import type {ViewModule} from './types.js';
import {volumes} from './volumes/index.js';

// Every view berth has, in tab order, and the panes several views share. The shell (source/ui/) knows views
// only through this list: adding a view is writing its folder and adding it here.
// Keys 1–6 are Containers, Images, Compose, Registry, Engine and Swarm (6 only on a swarm manager); Volumes and Networks are 7 and 8, Events 9.
export const VIEWS: readonly ViewModule[] = [
  containers,
  images,
  compose,
  registry,
  engineOverview,
  swarm,
  volumes,
  networks,
  events,
];

// Parts that are not tabs but take part in reducing, effects and keys (the log pane, copying, sorting, the mouse, alerts).
export const MODULES_WITHOUT_TAB: readonly ViewModule[] = [
  logPane,
  archives,
  layersPane,
  copyModule(() => VIEWS),
  sortModule(() => VIEWS),
  mousePane,
  filesPane,
  alertsModule,
];
