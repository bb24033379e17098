import { Package } from 'lucide-react';
import { useState } from 'react';
import { modrinthIcon } from './modrinth-api.ts';

/** A project's icon (through our server), or a package drawn in its place; decorative: the title says what it is. */
export function ModIcon({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed)
    return (
      <span className="grid size-12 shrink-0 place-items-center rounded-lg bg-white/5 ring-1 ring-white/10">
        <Package aria-hidden className="size-6 text-slate-400" />
      </span>
    );
  return (
    <img
      src={modrinthIcon(url)}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-12 shrink-0 rounded-lg bg-white/5 object-cover"
    />
  );
}
