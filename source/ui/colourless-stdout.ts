import {dropColours} from '../text/drop-colours.js';

// Under `theme: none` every frame Ink writes loses its SGR colour parameters on the way out: the theme gives no
// component a colour, and this also catches the colours untrusted text kept through the sanitiser in places that
// do not drop them themselves (an image label in an inspect, a compose project's name), so NO_COLOR holds for
// the whole screen. Only Ink's writes pass here: a shell or attach session has the real terminal to itself.
export function colourlessStdout(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  const write = (chunk: unknown, ...rest: unknown[]) =>
    (stream.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? dropColours(chunk) : chunk, ...rest);
  return new Proxy(stream, {
    get(target, key) {
      if (key === 'write') return write;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
