import { ArrowRight, Target } from 'lucide-react';
import type { Company } from '../../data/company.ts';
import { contentIcon } from '../content/icons.ts';
import { CtaBlock } from '../content/CtaBlock.tsx';
import { FeatureGrid, StatRow } from '../content/FeatureGrid.tsx';
import { PageHeader } from '../content/PageHeader.tsx';
import { IconTile, Section } from '../content/Section.tsx';
import { Card } from '../ui/Card.tsx';
import { ButtonLink } from '../ui/Button.tsx';

/** /about: story, mission, numbers, values, Join Our Team. Static HTML. */
export function AboutPage({ company }: { company: Company }) {
  const { story } = company;
  return (
    <>
      <PageHeader path="/about" eyebrow={`Since ${story.foundedYear} · ${story.city}, ${story.country}`} />
      <StatRow stats={company.stats} />
      <section aria-labelledby="story-heading" className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:px-8">
        <Card surface="soft" shadow="lifted" className="p-6 lg:col-span-3">
          <h2 id="story-heading" className="text-2xl font-bold text-white">
            Our Story
          </h2>
          <p className="mt-2 text-sm font-medium text-brand-300">
            Founded in {story.foundedYear} in {story.city}, {story.country}
          </p>
          {story.paragraphs.map((p) => (
            <p key={p.slice(0, 24)} className="mt-4 leading-relaxed text-slate-300">
              {p}
            </p>
          ))}
        </Card>
        <Card surface="soft" shadow="lifted" className="bg-gradient-to-br from-brand-700/40 to-surface-900/70 p-6 lg:col-span-2">
          <IconTile>
            <Target aria-hidden="true" className="size-5" />
          </IconTile>
          <h2 className="mt-4 text-2xl font-bold text-white">Our Mission</h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-200">{company.mission}</p>
        </Card>
      </section>
      <Section title="Our Values" lead="What guides every server we deploy and every ticket we answer.">
        <FeatureGrid features={company.values.map((v) => ({ title: v.name, description: v.description, Icon: contentIcon(v.icon) }))} />
      </Section>
      <CtaBlock title={company.joinTeam.title} text={company.joinTeam.text}>
        <ButtonLink href="/careers" size="lg">
          View Open Positions <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
      </CtaBlock>
    </>
  );
}
