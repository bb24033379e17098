import { describe, expect, it } from 'vitest';
import { careers } from '../../src/data/jobs.ts';
import { applySubject, contactWithSubject, partnershipGuideHref, resumeSubject } from '../../src/lib/contact-link.ts';

/** What the contact page reads from a link: its path and the subject it fills in. */
function opened(href: string) {
  const url = new URL(href, 'https://example.com');
  return { path: url.pathname, subject: url.searchParams.get('subject') };
}

describe('links to the contact page with a subject (docs/decisions.md 6)', () => {
  it('carry any subject to the contact form unchanged', () => {
    for (const subject of ['Resume Submission', 'R&D / "x"', 'a+b=c? #1 100%', 'Ünïcödé – ₹ £', 'Application: Engineer']) {
      expect(opened(contactWithSubject(subject))).toEqual({ path: '/contact', subject });
    }
  });

  it('keep ":" readable in the address', () => {
    expect(contactWithSubject('Application: Engineer')).toContain('subject=Application:%20Engineer');
  });

  it('name the job in every Apply Now subject', () => {
    for (const job of careers.positions) {
      const { path, subject } = opened(contactWithSubject(applySubject(job)));
      expect(path).toBe('/contact');
      expect(subject).toBe(`Application: ${job.title}`);
    }
  });

  it('send Send Your Resume and Download Partnership Guide to the contact page with a subject', () => {
    expect(opened(contactWithSubject(resumeSubject))).toEqual({ path: '/contact', subject: resumeSubject });
    expect(opened(partnershipGuideHref)).toEqual({ path: '/contact', subject: 'Partnership Guide' });
  });
});
