import { describe, expect, it } from 'vitest';
import { canGoNext, canGoPrevious, carouselPageSize, isVisible, step } from '../../src/lib/carousel.ts';
import { countUpDuration, countUpThreshold, countUpValue } from '../../src/lib/count-up.ts';
import { pingColour } from '../../src/lib/ping.ts';
import { formatMonthly, formatPrice } from '../../src/lib/price.ts';
import { clampMods, clampPlayers, recommendedRam, smallestPlanFor } from '../../src/lib/ram-calculator.ts';

describe('testimonials carousel bounds (docs/decisions.md 21)', () => {
  it('shows three at a time', () => {
    expect(carouselPageSize).toBe(3);
  });

  it('disables Previous at index 0 only', () => {
    expect(canGoPrevious(0)).toBe(false);
    expect(canGoPrevious(1)).toBe(true);
    expect(canGoPrevious(5)).toBe(true);
  });

  it('disables Next when the index is at or beyond count − 3', () => {
    expect(canGoNext(0, 4)).toBe(true);
    expect(canGoNext(1, 4)).toBe(false);
    expect(canGoNext(2, 4)).toBe(false);
    expect(canGoNext(2, 6)).toBe(true);
    expect(canGoNext(3, 6)).toBe(false);
    expect(canGoNext(0, 3)).toBe(false);
    expect(canGoNext(0, 2)).toBe(false);
  });

  it('moves by one and never past the bounds', () => {
    expect(step(0, 1, 4)).toBe(1);
    expect(step(1, 1, 4)).toBe(1);
    expect(step(1, -1, 4)).toBe(0);
    expect(step(0, -1, 4)).toBe(0);
    expect(step(2, 1, 6)).toBe(3);
  });

  it('marks the three items from the index as visible', () => {
    expect([0, 1, 2, 3].filter((p) => isVisible(p, 0))).toEqual([0, 1, 2]);
    expect([0, 1, 2, 3].filter((p) => isVisible(p, 1))).toEqual([1, 2, 3]);
  });
});

describe('location ping colours (docs/decisions.md 20)', () => {
  it('is green under 100 ms', () => {
    expect(pingColour(0)).toBe('green');
    expect(pingColour(42)).toBe('green');
    expect(pingColour(99)).toBe('green');
    expect(pingColour(99.9)).toBe('green');
  });

  it('is yellow from 100 to under 150 ms', () => {
    expect(pingColour(100)).toBe('yellow');
    expect(pingColour(126)).toBe('yellow');
    expect(pingColour(149.9)).toBe('yellow');
  });

  it('is red at 150 ms or more', () => {
    expect(pingColour(150)).toBe('red');
    expect(pingColour(900)).toBe('red');
  });
});

describe('RAM calculator (docs/decisions.md 23)', () => {
  const vanilla = (players: number) => recommendedRam({ type: 'vanilla', players, mods: 0 });

  it('adds 2 GB per full 5 players on a 2 GB base', () => {
    expect(vanilla(2)).toBe(2);
    expect(vanilla(4)).toBe(2);
    expect(vanilla(5)).toBe(4);
    expect(vanilla(9)).toBe(4);
    expect(vanilla(10)).toBe(6);
    expect(vanilla(39)).toBe(16);
    expect(vanilla(40)).toBe(18);
  });

  it('keeps players between 2 and 40', () => {
    expect(clampPlayers(1)).toBe(2);
    expect(clampPlayers(-10)).toBe(2);
    expect(clampPlayers(41)).toBe(40);
    expect(clampPlayers(Number.NaN)).toBe(2);
    expect(vanilla(100)).toBe(18);
    expect(vanilla(0)).toBe(2);
  });

  it('adjusts by server type: optimized +1, modded +2, bedrock −1', () => {
    expect(recommendedRam({ type: 'optimized', players: 10, mods: 0 })).toBe(7);
    expect(recommendedRam({ type: 'modded', players: 10, mods: 0 })).toBe(8);
    expect(recommendedRam({ type: 'bedrock', players: 10, mods: 0 })).toBe(5);
    expect(recommendedRam({ type: 'optimized', players: 40, mods: 0 })).toBe(19);
  });

  it('never goes under 2 GB (bedrock at the minimum)', () => {
    expect(recommendedRam({ type: 'bedrock', players: 2, mods: 0 })).toBe(2);
    expect(recommendedRam({ type: 'bedrock', players: 4, mods: 0 })).toBe(2);
    expect(recommendedRam({ type: 'bedrock', players: 5, mods: 0 })).toBe(3);
  });

  it('counts 0.5 GB per mod only when modded', () => {
    expect(recommendedRam({ type: 'modded', players: 2, mods: 1 })).toBe(4.5);
    expect(recommendedRam({ type: 'modded', players: 40, mods: 50 })).toBe(2 + 16 + 25 + 2);
    expect(recommendedRam({ type: 'vanilla', players: 10, mods: 50 })).toBe(6);
    expect(recommendedRam({ type: 'optimized', players: 10, mods: 50 })).toBe(7);
    expect(recommendedRam({ type: 'bedrock', players: 10, mods: 50 })).toBe(5);
  });

  it('never counts fewer than 0 mods', () => {
    expect(clampMods(-3)).toBe(0);
    expect(clampMods(2.7)).toBe(2);
    expect(recommendedRam({ type: 'modded', players: 2, mods: -10 })).toBe(4);
  });

  it('ignores the optimization-mods checkbox', () => {
    for (const type of ['vanilla', 'optimized', 'modded', 'bedrock'] as const) {
      expect(recommendedRam({ type, players: 17, mods: 4, optimizationMods: true })).toBe(
        recommendedRam({ type, players: 17, mods: 4, optimizationMods: false }),
      );
    }
  });

  it('suggests the smallest plan with enough RAM', () => {
    const plans = [
      { name: 'B', ramGb: 4 },
      { name: 'A', ramGb: 2 },
      { name: 'C', ramGb: 8 },
    ];
    expect(smallestPlanFor(2, plans)?.name).toBe('A');
    expect(smallestPlanFor(4.5, plans)?.name).toBe('C');
    expect(smallestPlanFor(9, plans)).toBeUndefined();
  });
});

describe('price formatting (docs/decisions.md 16)', () => {
  it('formats rupees with Indian grouping and no decimals for whole prices', () => {
    expect(formatPrice(619, 'INR')).toBe('₹619');
    expect(formatPrice(1099, 'INR')).toBe('₹1,099');
    expect(formatPrice(10, 'INR')).toBe('₹10');
  });

  it('formats dollars and pounds with two decimals', () => {
    expect(formatPrice(4.99, 'USD')).toBe('$4.99');
    expect(formatPrice(499.99, 'USD')).toBe('$499.99');
    expect(formatPrice(29.99, 'GBP')).toBe('£29.99');
  });

  it('can force two decimals', () => {
    expect(formatPrice(619, 'INR', { decimals: 2 })).toBe('₹619.00');
    expect(formatPrice(5, 'USD', { decimals: 2 })).toBe('$5.00');
  });

  it('writes products page prices with 2 decimals followed by /Monthly', () => {
    expect(formatMonthly(129, 'INR')).toBe('₹129.00/Monthly');
    expect(formatMonthly(99, 'INR')).toBe('₹99.00/Monthly');
    expect(formatMonthly(10, 'INR')).toBe('₹10.00/Monthly');
    expect(formatMonthly(4.99, 'USD')).toBe('$4.99/Monthly');
  });
});

describe('counters count up (docs/decisions.md 22)', () => {
  it('runs 2000 ms from 0 and starts at 10% visibility', () => {
    expect(countUpDuration).toBe(2000);
    expect(countUpThreshold).toBe(0.1);
  });

  it('goes from 0 to the exact value, never backwards', () => {
    expect(countUpValue(78, 0)).toBe(0);
    expect(countUpValue(78, 2000)).toBe(78);
    expect(countUpValue(78, 5000)).toBe(78);
    let previous = 0;
    for (let t = 0; t <= 2000; t += 50) {
      const v = countUpValue(98, t);
      expect(v).toBeGreaterThanOrEqual(previous);
      expect(v).toBeLessThanOrEqual(98);
      previous = v;
    }
    expect(countUpValue(11, 1000)).toBeGreaterThan(0);
    expect(countUpValue(11, 1000)).toBeLessThan(11);
  });
});
