// Types for the undici files `undici-parts.ts` loads one by one (undici types only its index).
declare module 'undici/lib/dispatcher/pool.js' {
  import type {Pool} from 'undici';
  const PoolClass: typeof Pool;
  export default PoolClass;
}
declare module 'undici/lib/api/api-request.js' {
  import type {Dispatcher} from 'undici';
  const request: (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  export default request;
}
declare module 'undici/lib/core/errors.js' {
  import type {errors} from 'undici';
  const classes: typeof errors;
  export default classes;
}
