import {parseRegistryUrl} from '../../registry/url.js';
import type {AppState} from '../../store/state.js';
import type {CopyMenu, DockerWords} from '../types.js';
import {selectedRepository, selectedTag} from './reducer.js';

// y in the registry view: a repository as the engine names it (host/repository), a tag as a reference to pull, the digest
// reference once the tag's details are read (it pins the exact manifest), and the pull command.
export function registryCopy(state: AppState, docker: DockerWords): CopyMenu | undefined {
  const r = state.registry;
  const url = r.urls[r.current];
  if (!url) return undefined;
  let host: string;
  try {
    host = parseRegistryUrl(url).host;
  } catch {
    return undefined;
  }
  if (r.level === 'repositories') {
    const repository = selectedRepository(state);
    if (!repository) return undefined;
    return {
      what: `repository ${repository}`,
      items: [{action: 'copy.name', label: 'repository', text: `${host}/${repository}`}],
    };
  }
  const tag = selectedTag(state);
  if (!tag || !r.repository) return undefined;
  const reference = `${host}/${r.repository}:${tag}`;
  const details = r.details?.key === `${url} ${r.repository}:${tag}` ? r.details.data : undefined;
  return {
    what: `tag ${r.repository}:${tag}`,
    items: [
      {action: 'copy.name', label: 'repository', text: `${host}/${r.repository}`},
      {action: 'copy.reference', label: 'tag reference', text: reference},
      ...(details?.digest
        ? [
            {
              action: 'copy.digest',
              label: 'digest reference',
              text: `${host}/${r.repository}@${details.digest}`,
            } as const,
          ]
        : []),
      {action: 'copy.runCommand', label: 'pull command', text: docker(['pull', reference])},
    ],
  };
}
