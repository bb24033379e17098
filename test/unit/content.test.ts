import { describe, expect, it } from 'vitest';
import { applySubject, contactWithSubject } from '../../src/components/careers/CareersPage.tsx';
import { partnershipGuideHref } from '../../src/components/partners/PartnersPage.tsx';
import { company } from '../../src/data/company.ts';
import { datacenters } from '../../src/data/datacenters.ts';
import { infoPage } from '../../src/data/infrastructure.ts';
import { careers } from '../../src/data/jobs.ts';
import { knowledgeBase } from '../../src/data/knowledge.ts';
import { legalDocuments } from '../../src/data/legal.ts';
import { partners } from '../../src/data/partners.ts';

describe('storefront content', () => {
  it('about: founded 2020 in Mumbai, India; the three numbers and values', () => {
    expect(company.story).toMatchObject({ foundedYear: 2020, city: 'Mumbai', country: 'India' });
    expect(company.stats.map((s) => s.value)).toEqual(['10K+', '99.9%', '24/7']);
    expect(company.values.map((v) => v.name)).toEqual(['Excellence', 'Transparency', 'Innovation']);
  });

  it('knowledge base: the ten topics of the spec', () => {
    const text = knowledgeBase.map((k) => `${k.question} ${k.answer}`.toLowerCase());
    const topics = [/get(ting)? started/, /java.*bedrock/, /plugins.*mods/, /support/, /ddos/, /backed up|backup/, /payment/, /upgrade/, /99\.9% uptime/, /transfer.*world|world.*transfer/];
    expect(knowledgeBase).toHaveLength(10);
    topics.forEach((topic, i) => expect(text[i], String(topic)).toMatch(topic));
  });

  it('legal: terms first, then privacy and refund with the refund terms', () => {
    expect(legalDocuments.map((d) => d.title)).toEqual(['Terms of Service', 'Privacy Policy', 'Refund Policy']);
    const refund = JSON.stringify(legalDocuments[2]);
    for (const term of ['7-day money-back guarantee', '5-7 business days', 'Domain', 'SSL certificates', 'Custom configurations', 'Services used for more than 7 days']) {
      expect(refund).toContain(term);
    }
  });

  it('careers: three positions with every field, and contact links with the subject filled in', () => {
    expect(careers.positions).toHaveLength(3);
    for (const job of careers.positions) {
      expect(job.requirements.length && job.benefits.length && job.description.length).toBeGreaterThan(0);
    }
    const job = careers.positions[0]!;
    expect(contactWithSubject(applySubject(job))).toBe('/contact?subject=Application:%20Customer%20Support%20Engineer');
    expect(new URLSearchParams(contactWithSubject('R&D / "x"').split('?')[1]).get('subject')).toBe('R&D / "x"');
  });

  it('partners: two hardware and one security/CDN partner, six benefits; the guide link has a subject', () => {
    expect(partners.partners.map((p) => p.kind).sort()).toEqual(['Hardware', 'Hardware', 'Security & CDN']);
    expect(partners.benefits).toHaveLength(6);
    expect(partnershipGuideHref).toBe('/contact?subject=Partnership%20Guide');
  });

  it('datacenters: Mumbai, Singapore and Frankfurt, each with the four spec lines', () => {
    expect(datacenters.locations.map((d) => `${d.city}, ${d.country}`)).toEqual(['Mumbai, India', 'Singapore, Singapore', 'Frankfurt, Germany']);
    for (const d of datacenters.locations) expect(d.features).toEqual(['10 Gbps Network', 'AMD EPYC 7763', 'NVMe SSD', 'Latency under 5ms']);
  });

  it('ddos, hardware, security: the claims and a call to action to /products', () => {
    expect(JSON.stringify(infoPage('/ddos'))).toContain('1 Tbps');
    expect(JSON.stringify(infoPage('/hardware'))).toContain('AMD EPYC 7763');
    for (const path of ['/ddos', '/hardware', '/security'] as const) expect(infoPage(path).cta.href).toBe('/products');
  });
});
