import { Briefcase, Clock, MapPin, Send } from 'lucide-react';
import type { Careers } from '../../data/jobs.ts';
import { applySubject, contactWithSubject, resumeSubject } from '../../lib/contact-link.ts';
import { CtaBlock } from '../content/CtaBlock.tsx';
import { FeatureGrid } from '../content/FeatureGrid.tsx';
import { contentIcon } from '../content/icons.ts';
import { PageHeader } from '../content/PageHeader.tsx';
import { Section } from '../content/Section.tsx';
import { Card } from '../ui/Card.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { CheckList } from '../ui/CheckList.tsx';

/** /careers: values, open positions with Apply Now, Send Your Resume. Static HTML. */
export function CareersPage({ careers }: { careers: Careers }) {
  return (
    <>
      <PageHeader path="/careers" eyebrow="We're hiring" intro={careers.intro} />
      <Section title="Our Values" lead="How we work together.">
        <FeatureGrid columns={4} features={careers.values.map((v) => ({ title: v.name, description: v.description, Icon: contentIcon(v.icon) }))} />
      </Section>
      <Section title="Open Positions" lead={`${careers.positions.length} roles open right now.`} id="positions">
        <ul className="mx-auto grid max-w-5xl gap-6">
          {careers.positions.map((job) => (
            <li key={job.id}>
              <Card surface="soft" shadow="lifted" className="p-6">
                <article aria-labelledby={`job-${job.id}`}>
                  <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                    <div>
                      <h3 id={`job-${job.id}`} className="text-xl font-semibold text-white">
                        {job.title}
                      </h3>
                      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300">
                        <li className="inline-flex items-center gap-1.5">
                          <Briefcase aria-hidden="true" className="size-4 text-brand-300" />
                          {job.department}
                        </li>
                        <li className="inline-flex items-center gap-1.5">
                          <MapPin aria-hidden="true" className="size-4 text-brand-300" />
                          {job.location}
                        </li>
                        <li className="inline-flex items-center gap-1.5">
                          <Clock aria-hidden="true" className="size-4 text-brand-300" />
                          {job.type}
                        </li>
                      </ul>
                    </div>
                    <ButtonLink href={contactWithSubject(applySubject(job))} aria-label={`Apply Now: ${job.title}`} className="shrink-0">
                      Apply Now
                    </ButtonLink>
                  </div>
                  <p className="mt-4 leading-relaxed text-slate-300">{job.description}</p>
                  <div className="mt-5 grid gap-6 sm:grid-cols-2">
                    <div>
                      <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Requirements</h4>
                      <CheckList items={job.requirements} tone="brand" className="mt-2 space-y-1.5 text-sm text-slate-200" />
                    </div>
                    <div>
                      <h4 className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Benefits</h4>
                      <CheckList items={job.benefits} className="mt-2 space-y-1.5 text-sm text-slate-200" />
                    </div>
                  </div>
                </article>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBlock title={careers.resume.title} text={careers.resume.text}>
        <ButtonLink href={contactWithSubject(resumeSubject)} size="lg">
          <Send aria-hidden="true" className="size-4" /> Send Your Resume
        </ButtonLink>
      </CtaBlock>
    </>
  );
}
