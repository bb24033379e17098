import { describe, expect, it } from 'vitest';
import { invitationNotice } from '../../src/components/panel/invitation-notice.ts';

/** The sharing form's words after an invitation (docs/decisions.md 93): it never claims a mail went when none did. */
describe('the invitation notice', () => {
  const made = { id: 'x', email: 'friend@example.com', grants: ['console' as const], createdAt: 1 };

  it('says a mail is on its way only when the mail server took it', () => {
    expect(invitationNotice({ ...made, mailed: 'sent' }, 'Survival')).toBe(
      'Survival is shared with friend@example.com. An invitation mail with a sign-in link is on its way. friend@example.com finds it under "Shared with me" after signing in with that address.',
    );
  });

  it('without SMTP: the invitation is saved, and the friend signs in with that address', () => {
    const text = invitationNotice({ ...made, mailed: 'off' }, 'Survival');
    expect(text).toBe(
      'Survival is shared with friend@example.com. The invitation is saved; this site sends no mail, so tell them yourself. friend@example.com finds it under "Shared with me" after signing in with that address.',
    );
    expect(text).not.toMatch(/on its way|mailed|sent/);
  });

  it('a refused mail is said, with what to do', () => {
    expect(invitationNotice({ ...made, mailed: 'failed' }, 'Survival')).toContain('The invitation mail could not be sent: tell them yourself.');
  });
});
