import type { Generated } from 'kysely';

/** server/db/migrations/0034-announcements.ts. Times in epoch ms. */
export interface AnnouncementTable {
  id: Generated<number>;
  text: string;
  /** '' when the banner has no link. */
  link_label: string;
  link_url: string;
  /** info or warning. */
  tone: string;
  /** The page group (contracts/announcements-rules.ts). */
  pages: string;
  starts_at: number;
  ends_at: number;
  created_by: string;
  updated_by: string;
  created_at: number;
  updated_at: number;
}

/** One row, id 1. */
export interface AnnouncementSettingTable {
  id: number;
  /** 1: an open major or critical incident is shown as a banner. */
  incident_banner: number;
  updated_at: number;
}

export interface AnnouncementTables {
  announcement: AnnouncementTable;
  announcement_setting: AnnouncementSettingTable;
}
