/**
 * Incidents' and maintenance's constants the browser uses too (the console's forms): no
 * dependencies, so a page's bundle carries these lines instead of zod. contracts/incidents.ts
 * builds its schemas from them.
 */

export const incidentImpacts = ['minor', 'major', 'critical'] as const;
export const incidentStates = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export const maintenanceStates = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;

/** Open states: an incident starts in one of these (resolving is its own act). */
export const openIncidentStates = ['investigating', 'identified', 'monitoring'] as const;
