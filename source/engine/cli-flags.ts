import type {EngineTarget} from './target.js';

// The docker CLI flags that reach the engine berth shows from a shell like berth's: a context berth was pointed at
// (--context, DOCKER_CONTEXT or the current context) is named, an engine given with --host is spelled out with its
// TLS files; DOCKER_HOST and the local socket need nothing, since the shell that started berth has them too.
export function connectionFlags(target: EngineTarget): string[] {
  if (target.source === 'context') return ['--context', target.context];
  if (target.source !== 'flag') return [];
  const tls = target.tls;
  return [
    '-H',
    target.url,
    ...(tls?.verify ? ['--tlsverify'] : []),
    ...(tls?.caFile ? ['--tlscacert', tls.caFile] : []),
    ...(tls?.certFile ? ['--tlscert', tls.certFile] : []),
    ...(tls?.keyFile ? ['--tlskey', tls.keyFile] : []),
  ];
}
