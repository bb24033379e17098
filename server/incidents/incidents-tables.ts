import type { Generated } from 'kysely';

/** An incident staff declared; its timeline is in incident_update. Times in epoch ms. */
export interface IncidentTable {
  id: string;
  title: string;
  /** minor, major or critical. */
  impact: string;
  /** JSON array of the affected monitors' ids. */
  monitor_ids: string;
  /** The newest update's state. */
  state: string;
  started_at: number;
  resolved_at: number | null;
  updated_at: number;
}

/** One entry of an incident's timeline, in id order. */
export interface IncidentUpdateTable {
  id: Generated<number>;
  incident_id: string;
  state: string;
  message: string;
  at: number;
  /** When its text was last corrected. */
  edited_at: number | null;
}

/** A maintenance window: Scheduled, In progress, Completed by the clock, or cancelled. */
export interface MaintenanceTable {
  id: string;
  title: string;
  message: string;
  monitor_ids: string;
  starts_at: number;
  ends_at: number;
  cancelled_at: number | null;
  /** Set by the one instance that announced the start (maintenance.started), exactly once. */
  started_announced_at: number | null;
  completed_announced_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface IncidentsTables {
  incident: IncidentTable;
  incident_update: IncidentUpdateTable;
  maintenance: MaintenanceTable;
}
