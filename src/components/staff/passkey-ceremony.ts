/**
 * The staff console's passkey ceremonies: the shared browser half (src/lib/passkey-ceremony.ts)
 * with the console's words and address.
 */
import type { AuthenticationCredential, AuthenticationOptions, RegistrationCredential, RegistrationOptions } from '../../../contracts/staff.ts';
import { staffConsoleTexts } from '../../data/staff-console.ts';
import { askPasskey as ask, type CeremonyPlace, createPasskey as create } from '../../lib/passkey-ceremony.ts';

export { CeremonyError } from '../../lib/passkey-ceremony.ts';

const staffPlace = (path: string): CeremonyPlace => ({
  path,
  wrongAddress: staffConsoleTexts.wrongAddress,
  noPasskeyFound: 'The passkey prompt was closed or timed out, or no passkey for this site was found. Try again, or ask an admin for an enrolment link.',
});

export function createPasskey(options: Omit<RegistrationOptions, 'challengeId'>, path = '/staff'): Promise<RegistrationCredential> {
  return create(options, staffPlace(path));
}

export function askPasskey(options: Omit<AuthenticationOptions, 'challengeId'>): Promise<AuthenticationCredential> {
  return ask(options, staffPlace('/staff'));
}
