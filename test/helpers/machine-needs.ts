/**
 * Whether this machine has what a suite needs (root, nginx, a tmpfs mount...). Outside CI a suite
 * without it is skipped, and the test command's closing lines name it with its reason; under
 * CI=true a missing need fails loudly instead, since CI's machine must provide everything
 * (scripts/ensure-system.sh, docs/decisions.md 83).
 */
export function machineHas(need: string, available: boolean): boolean {
  if (!available && process.env.CI === 'true')
    throw new Error(`this suite needs ${need}, which this machine lacks: CI must provide it (scripts/ensure-system.sh)`);
  return available;
}

export const isRoot = process.getuid?.() === 0;
