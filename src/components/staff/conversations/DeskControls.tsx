import { conversationsTexts as t } from '../../../data/staff-conversations.ts';
import { card, muted } from '../staff-styles.ts';
import type { NotificationState } from './use-desk-alerts.ts';

/**
 * The person's own desk settings: the "Available for chat" switch (with what visitors see now),
 * and the alerts for new conversations, each off until they turn it on.
 */
export function DeskControls({
  available,
  staffed,
  onAvailable,
  sound,
  onSound,
  notify,
  onNotify,
}: {
  available: boolean | undefined;
  staffed: boolean | undefined;
  onAvailable: (on: boolean) => void;
  sound: boolean;
  onSound: (on: boolean) => void;
  notify: NotificationState;
  onNotify: (on: boolean) => void;
}) {
  return (
    <div className={`${card} flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between`}>
      <div>
        <label className="flex items-center gap-3 text-base font-semibold text-white">
          <input
            type="checkbox"
            role="switch"
            aria-checked={available ?? false}
            checked={available ?? false}
            disabled={available === undefined}
            onChange={(e) => onAvailable(e.target.checked)}
            className="size-5 accent-brand-500"
          />
          {t.available}
        </label>
        <p className={`${muted} mt-1`}>{t.availableHint}</p>
        {staffed !== undefined && (
          <p data-staffed={staffed} className="mt-1 text-sm text-slate-200">
            {t.staffed(staffed)}
          </p>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-white">{t.alertsLegend}</legend>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-200">
          <input type="checkbox" checked={sound} onChange={(e) => onSound(e.target.checked)} />
          {t.sound}
        </label>
        <label className="mt-1 flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={notify === 'on'}
            disabled={notify === 'unsupported' || notify === 'denied'}
            onChange={(e) => onNotify(e.target.checked)}
          />
          {t.notification}
        </label>
        {notify === 'denied' && <p className={`${muted} mt-1 max-w-xs`}>{t.notificationDenied}</p>}
        {notify === 'unsupported' && <p className={`${muted} mt-1 max-w-xs`}>{t.notificationUnsupported}</p>}
      </fieldset>
    </div>
  );
}
