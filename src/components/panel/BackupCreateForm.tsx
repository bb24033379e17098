import { Archive } from 'lucide-react';
import type { FormEvent } from 'react';
import { maxBackupNameLength } from '../../../contracts/panel-rules.ts';
import { panelTexts } from '../../data/panel-texts.ts';
import { buttonVariants } from '../ui/button-variants.ts';

const texts = panelTexts.backups;

/**
 * The form that makes a backup with a name. At the plan's limit the field and button are off and
 * point (aria-describedby) at the panel's `${ids}-limit` line; a failure at `${ids}-error`.
 */
export function BackupCreateForm({
  ids,
  name,
  onNameChange,
  atLimit,
  creating,
  restoring,
  hasError,
  onSubmit,
}: {
  ids: string;
  name: string;
  onNameChange: (name: string) => void;
  atLimit: boolean;
  creating: boolean;
  restoring: boolean;
  hasError: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-b border-white/10 px-4 py-3 sm:flex-row sm:items-end sm:px-5" noValidate>
      <div className="min-w-0 flex-1">
        <label htmlFor={`${ids}-name`} className="block text-sm font-medium text-slate-200">
          {texts.name}
        </label>
        <input
          id={`${ids}-name`}
          type="text"
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
          maxLength={maxBackupNameLength}
          placeholder={texts.namePlaceholder}
          disabled={atLimit}
          aria-describedby={atLimit ? `${ids}-limit` : hasError ? `${ids}-error` : undefined}
          className="mt-1.5 block w-full rounded-lg border border-white/10 bg-surface-950/80 px-3 py-2 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60"
        />
      </div>
      <button
        type="submit"
        disabled={atLimit || creating || restoring}
        aria-describedby={atLimit ? `${ids}-limit` : undefined}
        className={buttonVariants({ size: 'md' })}
      >
        <Archive aria-hidden className="size-4" /> {creating ? texts.creating : texts.create}
      </button>
    </form>
  );
}
