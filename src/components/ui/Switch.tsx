/**
 * An on/off switch that looks like one (a track and a knob) and is one to a screen reader
 * (role="switch", aria-checked): its visible label beside it, its accessible name given when the
 * label alone would be ambiguous in a list ("Enabled: Nightly restart"). Space and Enter toggle it,
 * as any button.
 */
export function Switch({
  checked,
  label,
  name,
  onToggle,
  disabled,
}: {
  checked: boolean;
  label: string;
  name?: string;
  onToggle: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={name}
      disabled={disabled}
      onClick={onToggle}
      className="inline-flex min-h-8 items-center gap-2 rounded-md px-1.5 text-xs text-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:opacity-50"
    >
      <span
        aria-hidden
        className={`relative inline-flex h-5 w-9 shrink-0 rounded-full ring-1 transition-colors motion-reduce:transition-none ${checked ? 'bg-green-500 ring-green-400' : 'bg-slate-700 ring-white/20'}`}
      >
        <span
          className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-[left] motion-reduce:transition-none ${checked ? 'left-[1.125rem]' : 'left-0.5'}`}
        />
      </span>
      {label}
    </button>
  );
}
