import { pageGroupLabels } from '../../contracts/announcements-rules.ts';
import type { AnnouncementFields } from './announcements-repository.ts';

/** A moment as the audit log says it: "2026-11-28 18:00 UTC" (the console shows the reader's zone). */
export function utcWords(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The banner's text as a short quotation for the audit log's target. */
export function quoted(text: string): string {
  return `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;
}

/** What an announcement is, for the audit log's detail: where it shows and when. */
export function described(f: AnnouncementFields): Record<string, string> {
  return {
    pages: pageGroupLabels[f.pages],
    tone: f.tone,
    from: utcWords(f.startsAt),
    until: utcWords(f.endsAt),
    ...(f.linkUrl ? { link: `${f.linkLabel} → ${f.linkUrl}` } : {}),
  };
}

/** What an edit changed, one phrase per field ("ends 2026-11-28 18:00 UTC → 2026-11-29 09:00 UTC"). */
export function changes(before: AnnouncementFields, after: AnnouncementFields): string {
  const said: string[] = [];
  if (before.text !== after.text) said.push(`text ${quoted(before.text)} → ${quoted(after.text)}`);
  if (before.linkLabel !== after.linkLabel || before.linkUrl !== after.linkUrl) {
    const link = (f: AnnouncementFields) => (f.linkUrl ? `${f.linkLabel} (${f.linkUrl})` : 'none');
    said.push(`link ${link(before)} → ${link(after)}`);
  }
  if (before.tone !== after.tone) said.push(`tone ${before.tone} → ${after.tone}`);
  if (before.pages !== after.pages) said.push(`pages ${pageGroupLabels[before.pages]} → ${pageGroupLabels[after.pages]}`);
  if (before.startsAt !== after.startsAt) said.push(`starts ${utcWords(before.startsAt)} → ${utcWords(after.startsAt)}`);
  if (before.endsAt !== after.endsAt) said.push(`ends ${utcWords(before.endsAt)} → ${utcWords(after.endsAt)}`);
  return said.length ? said.join('; ') : 'nothing';
}
