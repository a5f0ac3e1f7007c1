import type {TreeNode} from '../../../engine/layers/analysis.js';

export type TreeRow = {path: string; depth: number; node: TreeNode};

const sortedChildren = new WeakMap<TreeNode, readonly TreeNode[]>();

// Directories first, then by name; kept per node (a directory of 10,000 files is sorted once).
export function childrenOf(node: TreeNode): readonly TreeNode[] {
  let sorted = sortedChildren.get(node);
  if (!sorted) {
    sorted = [...(node.children?.values() ?? [])].sort(
      (a, b) => Number(!a.children) - Number(!b.children) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
    sortedChildren.set(node, sorted);
  }
  return sorted;
}

// The rows on screen: the root's children, and the children of every open directory under them.
export function treeRows(root: TreeNode, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (node: TreeNode, prefix: string, depth: number) => {
    for (const child of childrenOf(node)) {
      const path = prefix ? `${prefix}/${child.name}` : child.name;
      rows.push({path, depth, node: child});
      if (child.children && expanded.has(path)) walk(child, path, depth + 1);
    }
  };
  walk(root, '', 0);
  return rows;
}

// Every directory of a small tree, to open it whole (a layer of a few files shows at once).
export function allDirectories(root: TreeNode, limit: number): Set<string> | undefined {
  const paths = new Set<string>();
  let nodes = 0;
  const walk = (node: TreeNode, prefix: string): boolean => {
    for (const child of node.children?.values() ?? []) {
      if (++nodes > limit) return false;
      const path = prefix ? `${prefix}/${child.name}` : child.name;
      if (child.children) {
        paths.add(path);
        if (!walk(child, path)) return false;
      }
    }
    return true;
  };
  return walk(root, '') ? paths : undefined;
}
