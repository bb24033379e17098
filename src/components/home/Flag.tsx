import type { JSX } from 'react';
/** Small flags for the location cards (inline SVG: emoji flags do not render everywhere). */
const flags: Record<string, JSX.Element> = {
  IN: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="6.67" fill="#ff9933" />
      <rect y="13.33" width="30" height="6.67" fill="#138808" />
      <circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" strokeWidth="0.8" />
    </>
  ),
  SG: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="10" fill="#ef3340" />
      <circle cx="7" cy="5" r="3" fill="#fff" />
      <circle cx="8.2" cy="5" r="3" fill="#ef3340" />
    </>
  ),
  DE: (
    <>
      <rect width="30" height="6.67" fill="#000" />
      <rect y="6.67" width="30" height="6.67" fill="#dd0000" />
      <rect y="13.33" width="30" height="6.67" fill="#ffce00" />
    </>
  ),
};

export function Flag({ countryCode, country }: { countryCode: string; country: string }) {
  const flag = flags[countryCode];
  if (!flag) return <span className="text-xs font-bold text-slate-300">{countryCode}</span>;
  return (
    <svg viewBox="0 0 30 20" width="30" height="20" role="img" aria-label={`Flag of ${country}`} className="rounded-sm ring-1 ring-white/20">
      {flag}
    </svg>
  );
}
