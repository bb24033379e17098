import { Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { Announcement, AnnouncementsView } from '../../../../contracts/announcements.ts';
import { pageGroupLabels } from '../../../../contracts/announcements-rules.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CardSection } from '../CardSection.tsx';
import { formatDateTime } from '../format.ts';
import { LoadedItems } from '../LoadedItems.tsx';
import { Notice } from '../Notice.tsx';
import type { SectionProps } from '../section-props.ts';
import { badge, badgeTones, muted } from '../staff-styles.ts';
import { useLoad } from '../use-load.ts';
import { AnnouncementEditor } from './AnnouncementEditor.tsx';
import { announcementsApi } from './announcements-api.ts';

const stateWords = { scheduled: 'Scheduled', showing: 'Showing now', ended: 'Ended' } as const;
const stateTones = { scheduled: badgeTones.brand, showing: badgeTones.good, ended: badgeTones.neutral } as const;

/**
 * Announcements (admins and editors, docs/decisions.md 134): schedule a banner, edit or delete
 * one, and say whether the board's open major incident is shown as one.
 */
export function AnnouncementsSection({ problem }: SectionProps) {
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string }>();
  const loaded = useLoad(announcementsApi.view, (e) => setNotice({ tone: 'error', text: problem(e) }));
  const [data, setData] = useState<AnnouncementsView>();
  const view = data ?? loaded.data;
  const [editing, setEditing] = useState<Announcement>();
  const [deleting, setDeleting] = useState<Announcement>();
  const asked = useRef<Announcement>(undefined);
  if (deleting) asked.current = deleting;
  // A new key after each save: the form starts empty again (or opens the announcement to edit).
  const [saves, setSaves] = useState(0);
  const editorKey = editing ? `edit-${editing.id}-${editing.updatedAt}` : `new-${saves}`;
  const saved = (next: AnnouncementsView, said: string) => {
    setData(next);
    setSaves((n) => n + 1);
    setEditing(undefined);
    setNotice({ tone: 'success', text: said });
  };
  const apply = (work: Promise<AnnouncementsView>, said: string) =>
    work.then(
      (next) => saved(next, said),
      (e: unknown) => setNotice({ tone: 'error', text: problem(e) }),
    );

  const item = (a: Announcement) => (
    <li key={a.id} className="grid gap-2 py-4" data-announcement-id={a.id}>
      <h3 className="flex flex-wrap items-center gap-2 font-medium text-white">
        {a.text} <span className={`${badge} ${stateTones[a.state]}`}>{stateWords[a.state]}</span>
        {a.tone === 'warning' ? <span className={`${badge} ${badgeTones.warn}`}>Warning</span> : null}
      </h3>
      <p className="text-xs text-slate-400">
        {formatDateTime(Date.parse(a.startsAt))} to {formatDateTime(Date.parse(a.endsAt))} · {pageGroupLabels[a.pages]}
        {a.linkUrl ? ` · link: ${a.linkLabel} (${a.linkUrl})` : ''} · by {a.updatedBy}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setEditing(a)}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit<span className="sr-only"> “{a.text}”</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDeleting(a)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete<span className="sr-only"> “{a.text}”</span>
        </Button>
      </div>
    </li>
  );

  return (
    <div className="space-y-6">
      <AnnouncementEditor key={editorKey} editing={editing} problem={problem} onSaved={saved} onCancel={() => setEditing(undefined)} />
      <Notice tone={notice?.tone ?? 'success'}>{notice?.text}</Notice>
      <CardSection id="announcement-list" title="Announcements">
        <LoadedItems
          loaded={loaded}
          items={view?.announcements ?? []}
          empty="No announcements yet."
          failed="The announcements could not be loaded."
          render={item}
        />
      </CardSection>
      <CardSection id="incident-banner" title="Major incidents">
        <label className="mt-3 flex items-start gap-3 text-sm text-slate-200">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-brand-500"
            checked={view?.incidentBanner ?? true}
            disabled={!view}
            onChange={(e) => {
              const on = e.target.checked;
              void apply(
                announcementsApi.setIncidentBanner(on),
                on ? 'An open major incident is shown as a banner.' : 'Open major incidents are no longer shown as a banner.',
              );
            }}
          />
          <span>
            Show an open major or critical incident as a banner on every page (but the network status, which shows it itself), linking to the network status.
          </span>
        </label>
        <p className={`${muted} mt-2`}>{view?.incidentShown ? `Shown now: “${view.incidentShown.title}”.` : 'No major incident is shown now.'}</p>
      </CardSection>
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete this announcement?"
        body={`“${asked.current?.text ?? ''}” leaves every page now and is no longer listed.`}
        confirmLabel="Delete announcement"
        cancelLabel="Keep it"
        destructive
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const a = deleting;
          setDeleting(undefined);
          if (a) void apply(announcementsApi.remove(a.id), 'The announcement is deleted.');
        }}
      />
    </div>
  );
}
