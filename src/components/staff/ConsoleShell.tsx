import { DoorOpen } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { StaffMe } from '../../../contracts/staff.ts';
import { roleLabels } from '../../../contracts/staff-rules.ts';
import { consoleSections, staffConsoleTexts, type ConsoleSection } from '../../data/staff-console.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../ui/Button.tsx';
import { AccountSection } from './AccountSection.tsx';
import { AlertsSection } from './AlertsSection.tsx';
import { AnnouncementsSection } from './announcements/AnnouncementsSection.tsx';
import { AuditSection } from './AuditSection.tsx';
import { IncidentsSection } from './IncidentsSection.tsx';
import { MaintenanceSection } from './MaintenanceSection.tsx';
import { MonitorsSection } from './MonitorsSection.tsx';
import { OverviewSection } from './OverviewSection.tsx';
import type { SectionProps } from './section-props.ts';
import { staffApi } from './staff-api.ts';
import { badge, badgeTones } from './staff-styles.ts';
import { StockSection } from './StockSection.tsx';
import { TeamSection } from './TeamSection.tsx';
import { useConversationsUnread } from './conversations/unread-count.ts';

// Conversations load when first opened, so the console's first screen stays light.
const ConversationsSection = lazy(() =>
  import('./conversations/ConversationsSection.tsx').then(
    (m) => ({ default: m.ConversationsSection }),
    () => ({
      default: () => (
        <p role="alert" className="text-sm text-rose-200">
          The conversations could not be loaded. Check your connection and reload the page.
        </p>
      ),
    }),
  ),
);

// The Catalog loads when first opened too: only admins and editors use it.
const CatalogSection = lazy(() =>
  import('./catalog/CatalogSection.tsx').then(
    (m) => ({ default: m.CatalogSection }),
    () => ({
      default: () => (
        <p role="alert" className="text-sm text-rose-200">
          The catalog could not be loaded. Check your connection and reload the page.
        </p>
      ),
    }),
  ),
);

/** The section a fragment opens (its first part: #conversations/<id> is Conversations), if it names one. */
function sectionOfHash(allowed: readonly ConsoleSection[]): ConsoleSection['id'] | undefined {
  const id = location.hash.replace(/^#/, '').split('/')[0];
  return allowed.find((s) => s.id === id)?.id;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The signed-in console: a header (who, sign out), the sections the role may open (real links,
 * /staff#audit, so Back and bookmarks work) and the open section. Shortcuts: g then a key.
 */
export function ConsoleShell({ me, onSignedOut }: { me: StaffMe; onSignedOut: (notice?: string) => void }) {
  const sections = useMemo(() => consoleSections.filter((s) => me.permissions.includes(s.permission)), [me.permissions]);
  const [current, setCurrent] = useState<ConsoleSection['id']>(() => sectionOfHash(sections) ?? 'overview');
  // On a phone the sections are a row that scrolls sideways: keep the current one in view.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const link = nav.current?.querySelector(`a[href="#${current}"]`);
    const row = link?.closest('ul');
    if (!link || !row) return;
    // Sideways only: the page itself does not move.
    const [inRow, inLink] = [row.getBoundingClientRect(), link.getBoundingClientRect()];
    if (inLink.left < inRow.left) row.scrollLeft -= inRow.left - inLink.left + 8;
    else if (inLink.right > inRow.right) row.scrollLeft += inLink.right - inRow.right + 8;
  }, [current]);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  const problem = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) onSignedOut(error.message);
      return error instanceof Error ? error.message : String(error);
    },
    [onSignedOut],
  );
  const unread = useConversationsUnread(me.permissions.includes('contact.handle'), problem);
  const countOf: Partial<Record<ConsoleSection['id'], { count: number | undefined; what: string }>> = {
    conversations: { count: unread, what: 'unread' },
  };

  useEffect(() => {
    const onHash = () => {
      // Another fragment (the skip link's #main) leaves the section as it is.
      const next = sectionOfHash(sections);
      if (!next) return;
      moved.current = true;
      setCurrent(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [sections]);

  useEffect(() => {
    // After a move (not on the first load), the new section's heading takes the focus so a screen reader announces it.
    if (moved.current) heading.current?.focus();
    document.title = `${consoleSections.find((s) => s.id === current)?.title ?? 'Console'} | ${staffConsoleTexts.brand}`;
  }, [current]);

  useEffect(() => {
    let pending = 0;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === 'g') {
        pending = Date.now();
        return;
      }
      const section = Date.now() - pending < 1500 ? sections.find((s) => s.key === event.key) : undefined;
      pending = 0;
      if (section) location.hash = section.id;
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sections]);

  const signOut = async () => {
    try {
      await staffApi.signOut();
    } catch {
      // Signed out already, or the server is away: the cookie ends with its session either way.
    }
    onSignedOut('You are signed out.');
  };

  const props: SectionProps = { me, problem, signedOut: onSignedOut };
  const title = consoleSections.find((s) => s.id === current)!.title;

  return (
    <div className="min-h-screen lg:grid lg:grid-cols-[15rem_1fr]">
      <header className="border-b border-white/10 bg-surface-900 lg:row-span-2 lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:block lg:px-5 lg:py-6">
          <p className="font-bold whitespace-nowrap text-white">{staffConsoleTexts.brand}</p>
          <div className="flex min-w-0 items-center gap-2 lg:mt-4 lg:block">
            <p className="hidden min-w-0 truncate text-sm text-slate-200 sm:block">
              <span className="sr-only">Signed in as </span>
              {me.displayName} <span className={`${badge} ${badgeTones.brand} ml-1`}>{roleLabels[me.role]}</span>
            </p>
            <Button variant="ghost" size="sm" onClick={signOut} className="shrink-0 lg:mt-3 lg:-ml-3">
              <DoorOpen aria-hidden="true" className="size-4" />
              Sign out
            </Button>
          </div>
        </div>
        <nav ref={nav} aria-label="Console sections" className="border-t border-white/10 lg:border-t-0">
          <ul className="flex gap-1 overflow-x-auto px-2 py-2 lg:flex-col lg:px-3">
            {sections.map((section) => (
              <li key={section.id} className="shrink-0">
                <a
                  href={`#${section.id}`}
                  aria-current={section.id === current ? 'page' : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm font-medium ${
                    section.id === current ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'
                  }`}
                >
                  {section.label}
                  {countOf[section.id]?.count ? (
                    <>
                      {' '}
                      <span className="ml-1 inline-block min-w-5 rounded-full bg-amber-400 px-1.5 text-center text-xs font-bold text-surface-950">
                        {countOf[section.id]?.count}
                        <span className="sr-only"> {countOf[section.id]?.what}</span>
                      </span>
                    </>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
          <p className="hidden px-6 pb-6 text-xs text-slate-400 lg:block">
            Shortcuts: <kbd className="font-mono">g</kbd> then {sections.map((s) => `${s.key} (${s.label})`).join(', ')}.
          </p>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-white focus:outline-none">
          {title}
        </h1>
        <div className="mt-6">
          {current === 'overview' ? <OverviewSection {...props} /> : null}
          {current === 'conversations' ? (
            <Suspense fallback={<p className="text-sm text-slate-400">Loading the conversations…</p>}>
              <ConversationsSection {...props} />
            </Suspense>
          ) : null}
          {current === 'team' ? <TeamSection {...props} /> : null}
          {current === 'account' ? <AccountSection {...props} /> : null}
          {current === 'audit' ? <AuditSection {...props} /> : null}
          {current === 'incidents' ? <IncidentsSection {...props} /> : null}
          {current === 'maintenance' ? <MaintenanceSection {...props} /> : null}
          {current === 'monitors' ? <MonitorsSection {...props} /> : null}
          {current === 'alerts' ? <AlertsSection {...props} /> : null}
          {current === 'stock' ? <StockSection {...props} /> : current === 'announcements' ? <AnnouncementsSection {...props} /> : null}
          {current === 'catalog' ? (
            <Suspense fallback={<p className="text-sm text-slate-400">Loading the catalog…</p>}>
              <CatalogSection {...props} />
            </Suspense>
          ) : null}
        </div>
      </main>
    </div>
  );
}
