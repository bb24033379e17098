import type { Migration } from 'kysely/migration';
import * as panel from './0001-panel.ts';
import * as status from './0002-status.ts';
import * as contact from './0003-contact.ts';

/**
 * Every migration, in order (names sort in the order they run). Each has up and down;
 * a capability changes its schema by adding a new file here, never by editing a shipped one.
 */
export const migrations: Record<string, Migration> = {
  '0001-panel': panel,
  '0002-status': status,
  '0003-contact': contact,
};
