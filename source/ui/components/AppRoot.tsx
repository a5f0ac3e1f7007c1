import type {ReactNode} from 'react';
import type {Controller} from '../controller.js';
import {ControllerContext} from '../hooks/use-controller.js';
import {AppContext} from '../../views/use-store.js';
import {App} from './App.js';

// The contexts the shell and the views read (the controller; the services and keymap), around the app or, in
// tests, around one of its parts.
export function AppRoot({controller, children}: {controller: Controller; children?: ReactNode}) {
  return (
    <ControllerContext.Provider value={controller}>
      <AppContext.Provider value={{services: controller.services, keymap: controller.keymap}}>
        {children ?? <App />}
      </AppContext.Provider>
    </ControllerContext.Provider>
  );
}
