import {withoutInvisibles} from './invisible.js';

// Credentials inside a longer text — an environment variable's value whose name says nothing (DATABASE_URL), a
// command's argument — replaced by `mask`, the rest kept so the text still says what it is. What people put there:
// - a URL's password: scheme://user:PASSWORD@host (up to the last @ before the path: an unescaped @ in a password);
// - key=value settings of a secret-looking key in connection strings and query strings (libpq `password=…`,
//   ADO.NET `Password=…;`, JDBC `?password=…&`, `api_key=…`), quoted values whole;
// - "password": "…" in JSON (SPRING_APPLICATION_JSON and the like);
// - a bearer or basic token (Authorization: Bearer …);
// - a PEM private key (the whole text).
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*:)[^\s/?#]*@/gi;
// A name ending so (DB_PASSWORD, csrftoken), or pwd and pass on their own (bypass is not one).
const SECRET_NAME = String.raw`(?:[\w.-]*?(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)|pwd|pass)`;
const SETTING = new RegExp(String.raw`((?:^|[^\w.-])${SECRET_NAME}\s*=\s*)("[^"]*"|'[^']*'|[^\s;&,]+)`, 'gi');
const JSON_FIELD = new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*)"(?:[^"\\]|\\.)*"`, 'gi');
const BEARER = /\b((?:bearer|basic)\s+)[\w.~+/-]{8,}=*/gi;
const PRIVATE_KEY = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;

export function maskCredentials(text: string, mask: string): string {
  if (PRIVATE_KEY.test(text)) return mask;
  return text
    .replace(URL_PASSWORD, `$1${mask}@`)
    .replace(SETTING, `$1${mask}`)
    .replace(JSON_FIELD, `$1"${mask}"`)
    .replace(BEARER, `$1${mask}`);
}

// The text as shown while secrets are masked, or undefined when it holds none. Invisible characters
// (text/invisible.ts) are taken out first, so `pass\u200Bword=x` is masked too.
export function maskedIfCredentials(text: string, mask: string): string | undefined {
  const visible = withoutInvisibles(text);
  const masked = maskCredentials(visible, mask);
  return masked === visible ? undefined : masked;
}
