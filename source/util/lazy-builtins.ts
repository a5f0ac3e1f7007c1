// Node modules loaded when first used, not as berth starts: node:https and node:tls for a TLS engine, registry or
// certificate, node:crypto for hashes and certificates, node:zlib for compressed layers (~5, ~3 and ~1 ms of
// loading on a 2-core machine). A start on a unix socket or a plain TCP engine needs none of them.
export const https = (): typeof import('node:https') => process.getBuiltinModule('node:https');
export const tls = (): typeof import('node:tls') => process.getBuiltinModule('node:tls');
export const crypto = (): typeof import('node:crypto') => process.getBuiltinModule('node:crypto');
export const zlib = (): typeof import('node:zlib') => process.getBuiltinModule('node:zlib');
