import { Gauge, Trophy } from 'lucide-react';
import { visitorLatencyCopy as copy } from '../../data/locations.ts';

/**
 * A card's "Your latency" line, filled in by visitor-latency-cards.ts (no hydration), timed at
 * the location's own probe agent (docs/decisions.md 35, 48). It reads
 * "measuring…" until its figure arrives, so nothing pops in or moves; without JavaScript it is
 * not shown, and if measuring fails it turns invisible (keeping its space): a blocked endpoint
 * shows nothing. The lowest is marked in words.
 */
export function VisitorLatencyLine({ location, className = '' }: { location: string; className?: string }) {
  return (
    <p
      data-visitor-latency=""
      data-ping-location={location}
      className={`js-only flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-300 data-[state=unavailable]:invisible ${className}`}
    >
      <Gauge aria-hidden="true" className="size-4 text-accent-400" />
      <span>{copy.label}</span>
      <span data-latency-value="" className="font-semibold text-white">
        {copy.measuring}
      </span>
      {/* Always laid out, shown only on the lowest: marking it moves nothing. */}
      <span
        data-latency-lowest="false"
        className="invisible inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs font-semibold text-emerald-300 ring-1 ring-emerald-400/40 data-[latency-lowest=true]:visible"
      >
        <Trophy aria-hidden="true" className="size-3" />
        {copy.lowest}
      </span>
    </p>
  );
}
