import type {Binding} from '../types.js';

// In every list (a view's own o, like the compose view's, comes first where it has one).
export const SORT_BINDINGS: readonly Binding[] = [
  {scope: 'list', keys: ['o'], action: 'sort.menu', help: 'sort by a column (menu)'},
  {scope: 'list', keys: ['O'], action: 'sort.reverse', help: 'sort the other way'},
  {scope: 'sortMenu', keys: ['enter'], action: 'overlay.submit', help: 'sort by this column', footer: true},
];
