import {ListTable} from '../kit/ListBody.js';
import {containersTable} from './table.js';

// Only the rows on screen are rendered, so thousands of containers cost the same as twenty.
export function ContainerList({width, height}: {width: number; height: number}) {
  return <ListTable table={containersTable} width={width} height={height} />;
}
