import type { z } from 'zod';
import { parseSettings } from '../../lib/setting-fields.ts';
import { failed, type ProbeResult } from '../probe-result.ts';

/** One check of one monitor, as its type runs it. */
export interface CheckRequest<S> {
  /** The monitor's target, placeholders expanded. */
  target: string;
  /** The type's own settings, checked by its schema. */
  settings: S;
  timeoutMs: number;
  /**
   * Connect to this IP instead of resolving the target's host again (the public checker
   * resolves once, checks the address, then connects to exactly that address).
   */
  connectAddress?: string;
  /** What HTTP probes say they are (probeUserAgent). */
  userAgent: string;
}

/**
 * A kind of monitor (docs/decisions.md 114), as Uptime Kuma has monitor types: one module in
 * this folder holds everything about it, registered in the one list (index.ts). The console
 * draws its settings from `settings` (server/lib/setting-fields.ts), the monitors file, the
 * import and the console check them with it, the probers and agents run `check`.
 */
export interface MonitorTypeSpec<S> {
  /** The value of a monitor's `type`: lowercase, fixed once monitors use it. */
  type: string;
  /** As the console names it: "DNS record". */
  label: string;
  /** What the target is, for the console's form. */
  targetHint: string;
  /** The type's own settings beyond what every monitor has (a z.strictObject; fields with .meta({ title, description })). */
  settings: z.ZodType<S>;
  /** What is wrong with a target once its placeholders are expanded (the file's and console's message), undefined when fine. */
  targetProblem(target: string): string | undefined;
  /** The hosts a check connects to, which the address policy judges (docs/decisions.md 49). */
  hostsOf(target: string, settings: S): string[];
  check(request: CheckRequest<S>): Promise<ProbeResult>;
}

/** A registered type: its settings taken as they are stored (checked here before use). */
export interface MonitorType {
  readonly type: string;
  readonly label: string;
  readonly targetHint: string;
  readonly settings: z.ZodType;
  targetProblem(target: string): string | undefined;
  /** Each problem of a settings object under `settings.<key>`; undefined when they are fine. */
  settingsProblems(settings: unknown): Record<string, string> | undefined;
  hostsOf(target: string, settings: unknown): string[];
  check(request: CheckRequest<unknown>): Promise<ProbeResult>;
}

/** Declares a monitor type: what its module exports and the list (index.ts) registers. */
export function defineMonitorType<S>(spec: MonitorTypeSpec<S>): MonitorType {
  const settingsOf = (settings: unknown) => {
    const parsed = parseSettings(spec.settings, settings);
    if (!parsed.ok)
      throw new Error(
        `bad settings: ${Object.entries(parsed.fields)
          .map(([key, problem]) => `${key} ${problem}`)
          .join('; ')}`,
      );
    return parsed.value;
  };
  return {
    type: spec.type,
    label: spec.label,
    targetHint: spec.targetHint,
    settings: spec.settings,
    targetProblem: (target) => spec.targetProblem(target),
    settingsProblems: (settings) => {
      const parsed = parseSettings(spec.settings, settings);
      return parsed.ok ? undefined : parsed.fields;
    },
    hostsOf: (target, settings) => spec.hostsOf(target, settingsOf(settings)),
    async check(request) {
      let settings: S;
      try {
        settings = settingsOf(request.settings);
      } catch (error) {
        return failed(error);
      }
      return spec.check({ ...request, settings });
    },
  };
}
