/**
 * How many more servers of a size fit on game-panel nodes (docs/decisions.md 101): the rule the
 * panel's own `/nodes/deployable` applies for billing modules (a public node whose allocated
 * memory and disk plus the new server's stay within its size times 1 + overallocate / 100), with
 * Pelican's reading of a negative overallocate (and of a size of 0) as "not checked".
 */

/** A node as the application API describes it (MiB). */
export interface PanelNode {
  id: number;
  name: string;
  locationId: number;
  public: boolean;
  maintenance: boolean;
  memory: number;
  memoryOverallocate: number;
  disk: number;
  diskOverallocate: number;
  allocatedMemory: number;
  allocatedDisk: number;
}

/** Room left on one dimension of a node (Infinity: not checked). */
function room(size: number, overallocatePercent: number, allocated: number): number {
  if (size <= 0 || overallocatePercent < 0) return Number.POSITIVE_INFINITY;
  return size * (1 + overallocatePercent / 100) - allocated;
}

/** How many servers of `memoryMb` and `diskMb` still fit on the node, one after another (0: none; capped at `cap`). */
export function fitsOnNode(node: PanelNode, memoryMb: number, diskMb: number, cap: number): number {
  if (!node.public || node.maintenance) return 0;
  const byMemory = memoryMb > 0 ? Math.floor(room(node.memory, node.memoryOverallocate, node.allocatedMemory) / memoryMb) : Number.POSITIVE_INFINITY;
  const byDisk = diskMb > 0 ? Math.floor(room(node.disk, node.diskOverallocate, node.allocatedDisk) / diskMb) : Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(byMemory, byDisk, cap));
}

/** How many servers of the size fit on all the nodes together (capped at `cap`: more is simply "in stock"). */
export function fitsOnNodes(nodes: readonly PanelNode[], memoryMb: number, diskMb: number, cap: number): number {
  return Math.min(
    cap,
    nodes.reduce((sum, node) => sum + fitsOnNode(node, memoryMb, diskMb, cap), 0),
  );
}
