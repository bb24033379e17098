import { Mail, MapPin, Phone } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { ContactPage } from '../../data/contact-page.ts';
import type { Site } from '../../data/site.ts';
import { cardVariants } from '../ui/card-variants.ts';

function InfoRow({
  Icon,
  label,
  note,
  children,
}: {
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  label: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-4">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-500/15 text-brand-300 ring-1 ring-brand-400/20">
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-400">{label}</p>
        <p className="mt-0.5 font-semibold break-words text-white">{children}</p>
        <p className="mt-0.5 text-sm text-slate-400">{note}</p>
      </div>
    </li>
  );
}

const card = cardVariants({ surface: 'soft', shadow: 'lifted', className: 'p-6' });

/** Contact details (from src/data/site.ts). Static HTML; the team's hours are an island beside it (SupportHoursCard.tsx). */
export function ContactInfo({ contact, page }: { contact: Site['contact']; page: ContactPage }) {
  const { channels } = page;
  return (
    <section aria-labelledby="contact-info-heading" className={card}>
      <h2 id="contact-info-heading" className="text-lg font-semibold text-white">
        Contact information
      </h2>
      <ul className="mt-5 space-y-5">
        <InfoRow Icon={Mail} label={channels.email.label} note={channels.email.note}>
          <a className="hover:text-brand-300 hover:underline" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </InfoRow>
        <InfoRow Icon={Phone} label={channels.phone.label} note={channels.phone.note}>
          <a className="hover:text-brand-300 hover:underline" href={`tel:${contact.phoneHref}`}>
            {contact.phone}
          </a>
        </InfoRow>
        <InfoRow Icon={MapPin} label={channels.office.label} note={channels.office.note}>
          {contact.city}, {contact.country}
        </InfoRow>
      </ul>
    </section>
  );
}
