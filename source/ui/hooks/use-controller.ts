import {createContext, useContext} from 'react';
import type {Controller} from '../controller.js';

// The shell's components reach the view registry and the dispatcher through the controller.
export const ControllerContext = createContext<Controller | undefined>(undefined);

export function useController(): Controller {
  const controller = useContext(ControllerContext);
  if (!controller) throw new Error('useController outside <ControllerContext.Provider>');
  return controller;
}

export {useStore} from '../../views/use-store.js';
