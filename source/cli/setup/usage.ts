// The usages live apart from the commands so that `berth setup` can print them without loading either.
export const LOG_ROTATION_USAGE =
  'berth setup log-rotation [--max-size 10m] [--max-file 3] [--compress] [--config FILE] [--dry-run]';
export const REMOTE_USAGE =
  'berth setup remote --ip ADDR [--ip ADDR]... [--dns NAME]... [--port 2376] --out DIR [--tls-dir DIR] [--days 365] [--unit FILE] [--config FILE] [--apply]';
