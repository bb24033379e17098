/**
 * Links to the contact page with its Subject filled in: the careers and partners pages send
 * visitors there instead of to a dead end (docs/decisions.md 6). The contact form reads
 * `?subject=`; ":" may stay literal in a query, so "Application: …" stays readable.
 */
export function contactWithSubject(subject: string): string {
  return `/contact?subject=${encodeURIComponent(subject).replaceAll('%3A', ':')}`;
}

/** The subject of an application for a job. */
export const applySubject = (job: { title: string }): string => `Application: ${job.title}`;

/** The subject of Send Your Resume (careers). */
export const resumeSubject = 'Resume Submission';

/** Download Partnership Guide: no guide file exists, so the request goes to the contact page. */
export const partnershipGuideHref = contactWithSubject('Partnership Guide');
