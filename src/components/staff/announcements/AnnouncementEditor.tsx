import { Megaphone, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Announcement, AnnouncementsView } from '../../../../contracts/announcements.ts';
import { announcementTextMax, pageGroupLabels, pageGroups, type AnnouncementTone, type PageGroup } from '../../../../contracts/announcements-rules.ts';
import { Button } from '../../ui/Button.tsx';
import { FormField } from '../FormField.tsx';
import { Notice } from '../Notice.tsx';
import { card, input, muted, subTitle } from '../staff-styles.ts';
import { useFormSubmit } from '../use-form-submit.ts';
import { announcementsApi } from './announcements-api.ts';
import { isoOf, localOf, readerZone } from '../local-time.ts';
import { TimeWindowFields } from '../TimeWindowFields.tsx';

const hour = 3_600_000;

/**
 * The form that schedules a banner, or edits one (`editing`): its text and one optional link, its
 * tone, its pages and its start and end in the reader's time zone. A refusal names each wrong
 * field beside it.
 */
export function AnnouncementEditor({
  editing,
  problem,
  onSaved,
  onCancel,
}: {
  editing: Announcement | undefined;
  problem: (e: unknown) => string;
  onSaved: (view: AnnouncementsView, said: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(editing?.text ?? '');
  const [linkLabel, setLinkLabel] = useState(editing?.linkLabel ?? '');
  const [linkUrl, setLinkUrl] = useState(editing?.linkUrl ?? '');
  const [tone, setTone] = useState<AnnouncementTone>(editing?.tone ?? 'info');
  const [pages, setPages] = useState<PageGroup>(editing?.pages ?? 'all');
  const [startsAt, setStartsAt] = useState(() => localOf(editing ? Date.parse(editing.startsAt) : Math.ceil(Date.now() / hour) * hour));
  const [endsAt, setEndsAt] = useState(() => localOf(editing ? Date.parse(editing.endsAt) : Math.ceil(Date.now() / hour) * hour + 24 * hour));
  const { fields, error, busy, submit } = useFormSubmit(problem);
  const id = useId();
  // Edit moves the keyboard's focus to the form it opened, at the top of the section.
  const first = useRef<HTMLInputElement>(null);
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId !== undefined) first.current?.focus();
  }, [editingId]);
  const save = submit(async () => {
    const body = { text, linkLabel, linkUrl, tone, pages, startsAt: isoOf(startsAt), endsAt: isoOf(endsAt) };
    const view = editing ? await announcementsApi.update(editing.id, body) : await announcementsApi.create(body);
    onSaved(view, editing ? 'The announcement is saved.' : 'The announcement is scheduled.');
  });
  return (
    <form onSubmit={save} noValidate className={card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={subTitle}>
        {editing ? 'Edit the announcement' : 'Schedule an announcement'}
      </h2>
      <p className={`${muted} mt-1`}>
        A banner at the top of the pages you choose, from its start to its end; visitors may dismiss it. Times are in your time zone ({readerZone}).
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id={`${id}-text`} label="Text" hint={`Plain text, one line, up to ${announcementTextMax} characters.`} error={fields.text}>
            <input
              ref={first}
              className={input}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={announcementTextMax}
              autoComplete="off"
              required
            />
          </FormField>
        </div>
        <FormField id={`${id}-link-label`} label="Link text" hint="Optional: the words of the one link." error={fields.linkLabel}>
          <input className={input} value={linkLabel} onChange={(e) => setLinkLabel(e.target.value)} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-link-url`} label="Link address" hint="A page of this site (/products) or an https:// address." error={fields.linkUrl}>
          <input className={input} value={linkUrl} onChange={(e) => setLinkUrl(e.target.value)} autoComplete="off" inputMode="url" />
        </FormField>
        <FormField id={`${id}-tone`} label="Tone" error={fields.tone}>
          <select className={input} value={tone} onChange={(e) => setTone(e.target.value as AnnouncementTone)}>
            <option value="info">Information</option>
            <option value="warning">Warning</option>
          </select>
        </FormField>
        <FormField id={`${id}-pages`} label="Pages" error={fields.pages}>
          <select className={input} value={pages} onChange={(e) => setPages(e.target.value as PageGroup)}>
            {pageGroups.map((g) => (
              <option key={g} value={g}>
                {pageGroupLabels[g]}
              </option>
            ))}
          </select>
        </FormField>
        <TimeWindowFields id={id} startsAt={startsAt} endsAt={endsAt} onStartsAt={setStartsAt} onEndsAt={setEndsAt} errors={fields} />
      </div>
      <div className="mt-4">
        <Notice tone="error">{error}</Notice>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {editing ? <Save aria-hidden="true" className="size-4" /> : <Megaphone aria-hidden="true" className="size-4" />}
          {editing ? 'Save announcement' : 'Schedule announcement'}
        </Button>
        {editing ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel editing
          </Button>
        ) : null}
      </div>
    </form>
  );
}
