import { motdRuns } from '../../../../contracts/minecraft-settings-rules.ts';

/** The MOTD as the game's server list draws it: its § colour and style codes applied, on the list's dark background. */
export function MotdPreview({ motd, label }: { motd: string; label: string }) {
  return (
    <figure className="mt-2">
      <figcaption className="text-xs text-slate-400">{label}</figcaption>
      <div className="mt-1 rounded-md bg-black px-3 py-2 font-mono text-sm leading-6" data-testid="motd-preview">
        {motdRuns(motd).map((line, lineIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the MOTD's two lines, in order: a line's place is its identity.
          <p key={lineIndex} className="min-h-6 break-words">
            {line.map((run, runIndex) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: runs of one line, redrawn whole on every change.
                key={runIndex}
                style={{ color: run.colour }}
                className={[run.bold && 'font-bold', run.italic && 'italic', run.underline && 'underline', run.strikethrough && 'line-through']
                  .filter(Boolean)
                  .join(' ')}
              >
                {run.text}
              </span>
            ))}
          </p>
        ))}
      </div>
    </figure>
  );
}
