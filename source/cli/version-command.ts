import {connectEngine, engineProduct} from '../engine/client.js';
import type {EngineTarget} from '../engine/target.js';
import {VERSION} from '../version.js';

export async function versionCommand(target: EngineTarget, json: boolean, out: NodeJS.WritableStream): Promise<number> {
  // berth's own lines come before the engine is asked, as the docker CLI prints its Client section first: with no
  // engine reachable the user still learns which berth this is, and the error that follows names the engine.
  if (!json) out.write(`berth:        ${VERSION}\nengine host:  ${target.url}\n`);
  const client = await connectEngine(target);
  try {
    await client.fullVersion();
    if (json) {
      out.write(
        `${JSON.stringify({berth: VERSION, host: target.url, api: client.api, engine: client.version}, null, 2)}\n`,
      );
      return 0;
    }
    const v = client.version;
    out.write(
      [
        `engine:       ${engineProduct(v)} ${v.Version} (${v.Os}/${v.Arch}, kernel ${v.KernelVersion ?? '?'}, commit ${v.GitCommit ?? '?'})`,
        `API:          engine ${v.ApiVersion} (min ${v.MinAPIVersion ?? '?'}), berth uses ${client.api}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    client.close();
  }
}
