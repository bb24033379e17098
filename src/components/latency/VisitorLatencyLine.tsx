import { Gauge, Trophy } from 'lucide-react';
import { visitorLatencyCopy as copy } from '../../data/locations.ts';

/**
 * A card's "Your latency" line, filled in by visitor-latency-cards.ts (no hydration). It keeps
 * its space but stays invisible until measuring starts, and again if measuring fails, so the
 * card never jumps and a blocked endpoint shows nothing. The lowest is marked in words.
 */
export function VisitorLatencyLine({ endpoint, className = '' }: { endpoint: string; className?: string }) {
  return (
    <p
      data-visitor-latency=""
      data-endpoint={endpoint}
      className={`invisible flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-300 data-[state=measured]:visible data-[state=measuring]:visible ${className}`}
    >
      <Gauge aria-hidden="true" className="size-4 text-accent-400" />
      <span>{copy.label}</span>
      <span data-latency-value="" className="font-semibold text-white">
        {copy.measuring}
      </span>
      <span
        data-latency-lowest=""
        hidden
        className="inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/40"
      >
        <Trophy aria-hidden="true" className="size-3" />
        {copy.lowest}
      </span>
    </p>
  );
}
