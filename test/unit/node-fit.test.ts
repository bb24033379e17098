import { describe, expect, it } from 'vitest';
import { fitsOnNode, fitsOnNodes, type PanelNode } from '../../server/stock/node-fit.ts';

const node = (over: Partial<PanelNode> = {}): PanelNode => ({
  id: 1,
  name: 'n1',
  locationId: 1,
  public: true,
  maintenance: false,
  memory: 16_384,
  memoryOverallocate: 0,
  disk: 102_400,
  diskOverallocate: 0,
  allocatedMemory: 0,
  allocatedDisk: 0,
  ...over,
});

describe('the panel’s deployable rule (docs/decisions.md 101)', () => {
  it('fits while allocated plus the new server stays within size × (1 + overallocate / 100)', () => {
    expect(fitsOnNode(node(), 8192, 10_240, 1000)).toBe(2);
    expect(fitsOnNode(node({ allocatedMemory: 8193 }), 8192, 10_240, 1000)).toBe(0);
    // Exactly full still takes the last one (<=, as the panel's query).
    expect(fitsOnNode(node({ allocatedMemory: 8192 }), 8192, 10_240, 1000)).toBe(1);
    expect(fitsOnNode(node({ memoryOverallocate: 50, allocatedMemory: 16_384 }), 8192, 10_240, 1000)).toBe(1);
  });

  it('is limited by disk as by memory', () => {
    expect(fitsOnNode(node({ allocatedDisk: 100_000 }), 1024, 10_240, 1000)).toBe(0);
  });

  it('never places on a private node or one in maintenance, and reads a negative overallocate as unchecked (Pelican)', () => {
    expect(fitsOnNode(node({ public: false }), 1024, 1024, 1000)).toBe(0);
    expect(fitsOnNode(node({ maintenance: true }), 1024, 1024, 1000)).toBe(0);
    expect(fitsOnNode(node({ memoryOverallocate: -1, allocatedMemory: 1_000_000 }), 1024, 1024, 1000)).toBe(100);
  });

  it('adds the nodes of a location and caps the count', () => {
    expect(fitsOnNodes([node(), node({ id: 2, allocatedMemory: 16_384 })], 4096, 1024, 1000)).toBe(4);
    expect(fitsOnNodes([node({ memoryOverallocate: -1, diskOverallocate: -1 })], 1, 1, 1000)).toBe(1000);
  });
});
