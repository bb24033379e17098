import { Mail, MapPin, Phone, Server } from 'lucide-react';
import type { Site } from '../../data/site.ts';
import { cookieSettingsHash } from '../../lib/consent.ts';

/** The footer: link columns, contact details, partner and payment logos, copyright. Static HTML. */
export function Footer({ site, year }: { site: Site; year: number }) {
  const { contact } = site;
  return (
    <footer className="mt-24 border-t border-white/10 bg-surface-950/80">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <a href="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <Server aria-hidden="true" className="size-6 text-brand-400" />
            {site.name}
          </a>
          <p className="mt-3 max-w-sm text-sm text-slate-400">{site.tagline}</p>
          <address className="mt-5 space-y-2 text-sm not-italic text-slate-300">
            <a href={`tel:${contact.phoneHref}`} className="flex items-center gap-2 hover:text-white">
              <Phone aria-hidden="true" className="size-4 text-brand-400" />
              {contact.phone}
            </a>
            <a href={`mailto:${contact.email}`} className="flex items-center gap-2 hover:text-white">
              <Mail aria-hidden="true" className="size-4 text-brand-400" />
              {contact.email}
            </a>
            <p className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-brand-400" />
              {contact.city}, {contact.country}
            </p>
          </address>
        </div>
        {site.footer.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} className="text-sm text-slate-400 hover:text-white">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 border-t border-white/5 px-4 py-8 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Certified Partners</h2>
          <ul className="mt-3 flex flex-wrap items-center gap-4">
            {site.partnerLogos.map((logo) => (
              <li key={logo.name}>
                <img src={logo.src} alt={logo.name} width="96" height="32" loading="lazy" className="h-8 w-24 opacity-80" />
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">We accept</h2>
          <ul className="mt-3 flex flex-wrap items-center gap-3">
            {site.paymentLogos.map((logo) => (
              <li key={logo.name}>
                <img src={logo.src} alt={logo.name} width="56" height="36" loading="lazy" className="h-9 w-14" />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/5 px-4 py-6 text-center text-sm text-slate-400">
        © <span data-current-year="">{year}</span> {site.name}. All rights reserved.
        {/* The cookie banner (a script) opens on this link; without scripts there is nothing to choose. */}
        <span className="js-only">
          {' · '}
          <a href={`#${cookieSettingsHash}`} className="text-slate-300 underline underline-offset-4 hover:text-white">
            {site.cookieSettingsLabel}
          </a>
        </span>
      </p>
    </footer>
  );
}
