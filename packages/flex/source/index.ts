// The package's typed entry: the node class itself. `@berth/flex/yoga` is the stand-in for the `yoga-layout`
// module (its constants and `Node.create`), which is what Ink imports; it is kept out of this entry so that a
// test may replace that module with one built on this entry.
export {FlexNode} from './node.js';
