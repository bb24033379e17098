import { FileText, Handshake } from 'lucide-react';
import type { Partners } from '../../data/partners.ts';
import { partnershipGuideHref } from '../../lib/contact-link.ts';
import { CtaBlock } from '../content/CtaBlock.tsx';
import { FeatureGrid } from '../content/FeatureGrid.tsx';
import { contentIcon } from '../content/icons.ts';
import { PageHeader } from '../content/PageHeader.tsx';
import { Section } from '../content/Section.tsx';
import { Card } from '../ui/Card.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { CheckList } from '../ui/CheckList.tsx';

/** /partners: technology partners, partnership benefits, Become a Partner. Static HTML. */
export function PartnersPage({ partners }: { partners: Partners }) {
  return (
    <>
      <PageHeader path="/partners" eyebrow="Technology partners" />
      <Section title="Technology Partners" lead="The hardware and network leaders our platform is built on.">
        <ul className="grid gap-6 lg:grid-cols-3">
          {partners.partners.map((p) => (
            <li key={p.id}>
              <Card surface="soft" shadow="lifted" className="flex h-full flex-col p-6">
                <div className="flex items-center justify-between gap-3">
                  <img src={p.logo} alt={`${p.name} logo`} width="96" height="32" className="h-8 w-24" />
                  <span className="rounded-full bg-accent-400/10 px-2.5 py-1 text-xs font-semibold text-accent-400 ring-1 ring-accent-400/30">{p.kind}</span>
                </div>
                <h3 className="mt-5 text-xl font-semibold text-white">{p.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-300">{p.description}</p>
                <h4 className="mt-5 text-xs font-semibold tracking-wide text-slate-400 uppercase">Benefits for you</h4>
                <CheckList items={p.benefits} className="mt-3 space-y-2 text-sm text-slate-200" />
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Partnership Benefits" lead="What you get when you partner with Hostfront.">
        <FeatureGrid features={partners.benefits.map((b) => ({ title: b.title, description: b.description, Icon: contentIcon(b.icon) }))} />
      </Section>
      <CtaBlock title={partners.becomePartner.title} text={partners.becomePartner.text}>
        <ButtonLink href="/contact" size="lg">
          <Handshake aria-hidden="true" className="size-4" /> Become a Partner
        </ButtonLink>
        <ButtonLink href={partnershipGuideHref} size="lg" variant="outline">
          <FileText aria-hidden="true" className="size-4" /> Download Partnership Guide
        </ButtonLink>
      </CtaBlock>
    </>
  );
}
