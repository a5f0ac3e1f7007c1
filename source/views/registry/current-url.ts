import type {Services} from '../types.js';

// The registry the view shows: its URL among the configured ones.
export function currentUrl(services: Services): string | undefined {
  const {urls, current} = services.store.get().registry;
  return urls[current];
}
