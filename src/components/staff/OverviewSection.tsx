import { useState } from 'react';
import { roleLabels } from '../../../contracts/staff-rules.ts';
import { CardLink, CardSection } from './CardSection.tsx';
import type { SectionProps } from './section-props.ts';
import { Notice } from './Notice.tsx';
import { OverviewActivity } from './OverviewActivity.tsx';
import { OverviewConversations } from './OverviewConversations.tsx';
import { OverviewStatus } from './OverviewStatus.tsx';
import { staffApi } from './staff-api.ts';
import { muted } from './staff-styles.ts';
import { useLoad } from './use-load.ts';

/**
 * The first screen: the live status, open conversations, who is signed in, the team at
 * a glance (admins) and the latest staff and panel actions, each leading to its section.
 */
export function OverviewSection({ me, problem }: SectionProps) {
  const [error, setError] = useState<string>();
  const onError = (e: unknown) => setError(problem(e));
  const canManage = me.permissions.includes('staff.manage');
  const canHandle = me.permissions.includes('contact.handle');
  const canAudit = me.permissions.includes('audit.read');
  const team = useLoad(() => (canManage ? staffApi.members() : Promise.resolve(undefined)), onError);
  const account = useLoad(() => Promise.all([staffApi.passkeys(), staffApi.sessions()]), onError);

  const members = team.data?.members ?? [];
  const active = members.filter((m) => !m.disabled && m.passkeys > 0).length;
  const invited = members.filter((m) => !m.disabled && m.passkeys === 0).length;

  return (
    <div className="space-y-6">
      <p className="text-slate-300">
        Signed in as <strong className="text-white">{me.displayName}</strong> ({me.email}), {roleLabels[me.role].toLowerCase()}.
      </p>
      <Notice tone="error">{error}</Notice>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <OverviewStatus />
        {canHandle ? <OverviewConversations onError={onError} /> : null}
      </div>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <CardSection id="overview-account" title="Your account">
          {account.data ? (
            <p className="mt-2 text-sm text-slate-300">
              {account.data[0].passkeys.length} passkey{account.data[0].passkeys.length === 1 ? '' : 's'}, {account.data[1].sessions.length} open session
              {account.data[1].sessions.length === 1 ? '' : 's'}.
            </p>
          ) : (
            <p className={`mt-2 ${muted}`}>Loading…</p>
          )}
          <CardLink href="#account">Passkeys and sessions</CardLink>
        </CardSection>
        {canManage ? (
          <CardSection id="overview-team" title="Team">
            {team.data ? (
              <p className="mt-2 text-sm text-slate-300">
                {active} active, {invited} invited, {members.length - active - invited} disabled.
              </p>
            ) : (
              <p className={`mt-2 ${muted}`}>Loading…</p>
            )}
            <CardLink href="#team">Manage staff</CardLink>
          </CardSection>
        ) : null}
      </div>
      {canAudit ? <OverviewActivity onError={onError} /> : null}
    </div>
  );
}
