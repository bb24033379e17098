/**
 * The console's Announcements API (/api/staff/announcements, docs/decisions.md 133-135): a
 * banner's text with one optional link, its tone, its page group and its start and end.
 */
import { z } from 'zod';
import { announcementLinkLabelMax, announcementTextMax, announcementTones, pageGroups } from './announcements-rules.ts';

const givenTime = z.iso.datetime({ offset: true, error: 'must be a date and time such as 2026-01-31T12:00:00Z' });

/** A link is a path of this site ("/products") or an https:// address. */
const linkUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s/]+[^\s]*$/.test(v), {
    error: 'must be a path of this site (/products) or an https:// address',
  });

export const announcementInput = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(announcementTextMax, `must be at most ${announcementTextMax} characters`)
    .refine((v) => !/[\r\n]/.test(v), { error: 'must be one line' }),
  linkLabel: z.string().trim().max(announcementLinkLabelMax, `must be at most ${announcementLinkLabelMax} characters`).default(''),
  linkUrl: z.union([z.literal(''), linkUrl]).default(''),
  tone: z.enum(announcementTones, { error: 'must be info or warning' }),
  pages: z.enum(pageGroups, { error: `must be one of ${pageGroups.join(', ')}` }),
  startsAt: givenTime,
  endsAt: givenTime,
});

export const announcementState = z.enum(['scheduled', 'showing', 'ended']);

export const announcement = z.object({
  id: z.number().int(),
  text: z.string(),
  linkLabel: z.string(),
  linkUrl: z.string(),
  tone: z.enum(announcementTones),
  pages: z.enum(pageGroups),
  startsAt: z.string(),
  endsAt: z.string(),
  state: announcementState,
  createdBy: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

export const announcementsView = z.object({
  announcements: z.array(announcement),
  /** Whether an open major or critical incident is shown as a banner (the console's switch). */
  incidentBanner: z.boolean(),
  /** The open major incident shown now, if any. */
  incidentShown: z.object({ id: z.string(), title: z.string() }).nullable(),
});

export const announcementSettingsInput = z.strictObject({ incidentBanner: z.boolean() });
export const announcementParams = z.object({ id: z.coerce.number().int().positive() });

/** The banner's dismiss form (no JavaScript): which banner, and the page to go back to. */
export const dismissForm = z.object({ banner: z.string().regex(/^[ai][A-Za-z0-9-]{1,64}$/), back: z.string().max(500).default('/') });

export type AnnouncementInput = z.input<typeof announcementInput>;
export type Announcement = z.infer<typeof announcement>;
export type AnnouncementsView = z.infer<typeof announcementsView>;
