import type { StaffMe } from '../../../contracts/staff.ts';

/** What the console (ConsoleShell.tsx) gives each of its sections. */
export interface SectionProps {
  me: StaffMe;
  /** Turns an error into a sentence to show; a lost session goes back to sign-in. */
  problem: (error: unknown) => string;
  /** Back to the sign-in page, with a sentence saying why. */
  signedOut: (notice: string) => void;
}
