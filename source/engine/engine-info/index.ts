// Data for the Engine view and `berth doctor`; no UI here.
//
//   const client = await connectEngine(target);
//   client.version                                  // GET /version in full
//   connectionFacts(target, client.api)             // host, context, TLS files and their certificates' expiry
//   await engineInfoFacts(client.docker, target)    // storage/logging/cgroup driver, swarm, warnings, clock skew
//   await diskUsage(client.docker)                  // /system/df as docker system df sums it
//   await logHygiene(client.docker, target)         // per container: log driver/options, json-file without max-size, sizes
//   await collectEngineFacts(client)                // all of the above, each part with its own error
export {certificateFacts} from './certificates.js';
export {connectionFacts, type ConnectionFacts} from './connection.js';
export {engineInfoFacts, type EngineInfoFacts} from './info.js';
export {diskUsage, humanSize, type DiskUsage} from './disk-usage.js';
export {logHygiene, type LogHygiene} from './log-hygiene.js';
export {findLocalDaemon} from './local-daemon.js';
export {collectEngineFacts} from './collect.js';
