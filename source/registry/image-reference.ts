import {RegistryError, problem} from './errors.js';
import {assertRepositoryName, assertTagName, splitRepositoryReference} from './url.js';

// `127.0.0.1:5000/tools/busybox:1.0`, `tools/busybox:1.0`, `tools/busybox@sha256:…`: the parts, checked.
export interface ImageReference {
  // host[:port] when the reference names one (Docker's rule: a first component with a dot or a colon).
  registry?: string;
  repository: string;
  tag?: string;
  digest?: string;
}

const DIGEST = /^sha256:[a-f0-9]{64}$/;

export function parseImageReference(text: string): ImageReference {
  const at = text.indexOf('@');
  const digest = at >= 0 ? text.slice(at + 1) : undefined;
  const named = at >= 0 ? text.slice(0, at) : text;
  const colon = named.lastIndexOf(':');
  const hasTag = colon > named.lastIndexOf('/');
  const tag = hasTag ? named.slice(colon + 1) : undefined;
  const {registry, repository} = splitRepositoryReference(hasTag ? named.slice(0, colon) : named);
  assertRepositoryName(repository);
  if (tag !== undefined) assertTagName(tag);
  if (digest !== undefined && !DIGEST.test(digest)) {
    throw new RegistryError(
      'usage',
      problem(`digest "${digest}"`, 'is not a sha256 digest', 'Write it as sha256: and 64 hex digits.'),
    );
  }
  return {registry, repository, ...(tag !== undefined ? {tag} : {}), ...(digest !== undefined ? {digest} : {})};
}
