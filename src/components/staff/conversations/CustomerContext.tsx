import type { ConversationContext } from '../../../../contracts/support-staff-api.ts';
import { badge, badgeTones } from '../staff-styles.ts';
import { VisibleText } from '../VisibleText.tsx';

type CustomerInfo = NonNullable<ConversationContext['customer']>;

/** A signed-in customer beside their conversation: name, address, and each server with state, plan and location (docs/decisions.md 82). */
export function CustomerContext({ customer, row, term }: { customer: CustomerInfo; row: string; term: string }) {
  return (
    <>
      <div className={row}>
        <dt className={term}>Customer</dt>
        <dd data-context="customer" className="text-slate-100">
          <VisibleText text={customer.name ?? customer.email ?? 'Signed in'} />
          {customer.email && customer.name !== customer.email && (
            <span className="block text-slate-300">
              <VisibleText text={customer.email} />
            </span>
          )}
        </dd>
      </div>
      <div className={row}>
        <dt className={term}>Their servers</dt>
        <dd data-context="customer-servers" className="text-slate-100">
          {customer.servers.length === 0 ? (
            'None found'
          ) : (
            <ul className="space-y-1">
              {customer.servers.map((server) => (
                <li key={server.id}>
                  <VisibleText text={server.name} /> <span className="font-mono text-xs text-slate-400">{server.id}</span>{' '}
                  <span className={`${badge} ${server.state === 'running' ? badgeTones.good : badgeTones.neutral}`}>{server.state ?? 'unknown'}</span>
                  {server.status && <span className={`${badge} ${badgeTones.warn} ml-1`}>{server.status}</span>}
                  {server.role === 'shared' && <span className={`${badge} ${badgeTones.neutral} ml-1`}>shared with them</span>}
                  <span className="block text-xs text-slate-300">{[server.plan, server.location].filter(Boolean).join(' · ') || '—'}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </>
  );
}
