/** Minecraft server types the RAM calculator knows (default vanilla). */
export const serverTypes = ['vanilla', 'optimized', 'modded', 'bedrock'] as const;
export type ServerType = (typeof serverTypes)[number];

export const playerBounds = { min: 2, max: 40 } as const;

export interface RamInput {
  type: ServerType;
  players: number;
  /** Counted only for modded servers; never below 0. */
  mods: number;
  /** The optimization-mods checkbox: shown, but it has no effect on the result (docs/decisions.md 23). */
  optimizationMods?: boolean;
}

const typeAdjustment: Record<ServerType, number> = { vanilla: 0, optimized: 1, modded: 2, bedrock: -1 };

/** Players clamped to the slider's range (2 to 40). */
export function clampPlayers(players: number): number {
  if (!Number.isFinite(players)) return playerBounds.min;
  return Math.min(playerBounds.max, Math.max(playerBounds.min, Math.round(players)));
}

/** Mod count: a whole number, at least 0. */
export function clampMods(mods: number): number {
  return Number.isFinite(mods) ? Math.max(0, Math.floor(mods)) : 0;
}

/**
 * Recommended RAM in GB (docs/decisions.md 23): 2 GB base, plus 2 GB for each full 5 players, plus
 * 0.5 GB per mod when modded, then optimized +1, modded +2, bedrock −1; at least 2 GB.
 */
export function recommendedRam({ type, players, mods }: RamInput): number {
  const p = clampPlayers(players);
  const modRam = type === 'modded' ? 0.5 * clampMods(mods) : 0;
  return Math.max(2, 2 + 2 * Math.floor(p / 5) + modRam + typeAdjustment[type]);
}

/** The smallest plan with at least `gb` of RAM, or undefined when none is big enough. */
export function smallestPlanFor<P extends { ramGb: number }>(gb: number, plans: readonly P[]): P | undefined {
  return [...plans].sort((a, b) => a.ramGb - b.ramGb).find((p) => p.ramGb >= gb);
}
