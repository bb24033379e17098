import { ArrowRight } from 'lucide-react';
import type { InfoPage as InfoContent } from '../../data/infrastructure.ts';
import { CtaBlock } from '../content/CtaBlock.tsx';
import { FeatureGrid, StatRow } from '../content/FeatureGrid.tsx';
import { contentIcon } from '../content/icons.ts';
import { PageHeader } from '../content/PageHeader.tsx';
import { Section } from '../content/Section.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { cardVariants } from '../ui/card-variants.ts';

const eyebrows: Record<InfoContent['path'], string> = { '/ddos': 'Included with every plan', '/hardware': 'Enterprise grade', '/security': 'Safe by design' };

/** /ddos, /hardware and /security: intro, numbers, features, details and a call to action. Static HTML. */
export function InfoPage({ content }: { content: InfoContent }) {
  return (
    <>
      <PageHeader path={content.path} eyebrow={eyebrows[content.path]} intro={content.intro} />
      <StatRow stats={content.highlights} />
      <Section title="Features">
        <FeatureGrid
          columns={content.features.length === 4 ? 4 : 3}
          features={content.features.map((f) => ({ title: f.title, description: f.description, Icon: contentIcon(f.icon) }))}
        />
      </Section>
      <Section title={content.details.title}>
        <ol className="mx-auto grid max-w-4xl gap-4">
          {content.details.items.map((item, i) => (
            <li key={item.term} className={cardVariants({ surface: 'soft', className: 'flex gap-4 p-5' })}>
              <span
                aria-hidden="true"
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold text-white">{item.term}</h3>
                <p className="mt-1 text-sm text-slate-300">{item.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <CtaBlock title={content.cta.title} text={content.cta.text}>
        <ButtonLink href={content.cta.href} size="lg">
          {content.cta.label} <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </CtaBlock>
    </>
  );
}
