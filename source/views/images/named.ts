import {imageIdOf} from '../../engine/images/remove.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {engineOf} from '../kit/across-engines.js';
import {selectedImage} from './list.js';

// Images named after a `:` command (:rmi, :create, :save), looked up before anything is asked or done. With one
// engine, on it (`engine` left out); with several, on every connected engine at once, as the containers view's :stop finds
// its containers: the same name on two engines is two images, each named `engine/name` in what berth shows.

export type NamedImage = {reference: string; id: string; engine?: string};

export type NamedImages = {
  // In the order typed, each name's engines in the engines' order.
  found: NamedImage[];
  // Names no engine asked has.
  missing: string[];
  // Engines not connected, not asked (several engines only).
  away: string[];
};

async function lookUp(
  docker: Parameters<typeof imageIdOf>[0],
  reference: string,
  engine: string | undefined,
): Promise<NamedImage | undefined> {
  try {
    return {reference, id: await imageIdOf(docker, reference), ...(engine ? {engine} : {})};
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 404) return undefined;
    throw error;
  }
}

// undefined: the one engine is not connected (services.docker has said so).
export async function imagesNamed(services: Services, references: readonly string[]): Promise<NamedImages | undefined> {
  const sessions = services.engines();
  const asked: {engine?: string; docker: Parameters<typeof imageIdOf>[0]}[] = [];
  const away: string[] = [];
  if (sessions.length > 1) {
    for (const session of sessions)
      if (session.client) asked.push({engine: session.name, docker: session.client.docker});
      else away.push(session.name);
  } else {
    const docker = services.docker();
    if (!docker) return undefined;
    asked.push({docker});
  }
  const answers = await Promise.all(
    references.map(reference => Promise.all(asked.map(({engine, docker}) => lookUp(docker, reference, engine)))),
  );
  const found = answers.flat().filter((image): image is NamedImage => Boolean(image));
  const missing = references.filter((_reference, i) => answers[i]?.every(image => !image) ?? true);
  return {found, missing, away};
}

// The one line for names no engine has: "no image "x" on this engine" with one, "on any engine" with several.
export function missingMessage(named: NamedImages, several: boolean): string {
  const names = named.missing.map(name => `"${sanitizeLine(name)}"`).join(', ');
  if (!several) return `no image ${names} on this engine (view 2 lists them; tab completes names)`;
  const away = named.away.length ? `; ${named.away.join(', ')} not connected, not asked` : '';
  return `no image ${names} on any engine${away} (view 2 lists them; tab completes names)`;
}

// A status line for engines that were not asked (shown with what was found on the others).
export function awayMessage(command: string, named: NamedImages): string | undefined {
  return named.away.length
    ? `${command}: engine ${named.away.join(', ')} not connected; its images were not looked up`
    : undefined;
}

// L, :load and :prune with several engines: the engine of the images view's selected row, the first one's when the list
// is empty (undefined with one engine: the only one).
export function selectedImageEngine(services: Services): string | undefined {
  const sessions = services.engines();
  if (sessions.length < 2) return undefined;
  const row = selectedImage(services.store.get());
  return (row && engineOf(row)) ?? sessions[0]?.name;
}

// :save IMAGE... with several engines: one archive comes from one engine, the one that has every name. None, or
// more than one: a line that says so (w on marked rows saves from theirs).
export async function saveEngine(
  services: Services,
  references: readonly string[],
): Promise<{engine?: string} | {error: string} | undefined> {
  const named = await imagesNamed(services, references);
  if (!named) return undefined;
  if (named.missing.length) return {error: missingMessage(named, true)};
  const engines = [...new Set(named.found.map(image => image.engine))].filter(engine =>
    references.every(reference => named.found.some(image => image.engine === engine && image.reference === reference)),
  );
  if (engines.length === 1) return engines[0] ? {engine: engines[0]} : {};
  const names = references.map(name => sanitizeLine(name)).join(', ');
  if (!engines.length)
    return {error: `no engine has all of ${names}; one archive comes from one engine (save from each on its own)`};
  return {
    error: `${names} ${references.length === 1 ? 'is' : 'are'} on engines ${engines.join(', ')}; mark the rows in view 2 and press w (it saves from the rows' engine)`,
  };
}
