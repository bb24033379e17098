import { describe, expect, it } from 'vitest';
import { bannerFor, boardBanner, dayTone, impactBanner, worseBanner } from '../../contracts/status-rules.ts';
import { latencyLabel, latencyTone, uptimeLabel } from '../../src/lib/status-format.ts';

describe('latency colour (docs/decisions.md 28)', () => {
  it('is red for 0 (no answer)', () => expect(latencyTone(0)).toBe('red'));
  it('is blue under 100 ms', () => {
    expect(latencyTone(1)).toBe('blue');
    expect(latencyTone(99)).toBe('blue');
  });
  it('is yellow from 100 to under 300 ms', () => {
    expect(latencyTone(100)).toBe('yellow');
    expect(latencyTone(299)).toBe('yellow');
  });
  it('is red at 300 ms and above', () => {
    expect(latencyTone(300)).toBe('red');
    expect(latencyTone(2500)).toBe('red');
  });
});

describe('latency label', () => {
  it('says the kind of failure for 0 (never "Timeout" for every failure), and milliseconds otherwise', () => {
    expect(latencyLabel(0, 'HTTP 503')).toBe('HTTP 503');
    expect(latencyLabel(0)).toBe('No answer');
    expect(latencyLabel(42)).toBe('42 ms');
  });
});

describe('banner (docs/decisions.md 29)', () => {
  it('is All Systems Operational only when every monitor is operational', () => {
    expect(bannerFor(['operational', 'operational'])).toBe('All Systems Operational');
    expect(bannerFor([])).toBe('All Systems Operational');
  });
  it('is Degraded Performance when some are degraded and none down', () => {
    expect(bannerFor(['operational', 'degraded'])).toBe('Degraded Performance');
    expect(bannerFor(['degraded'])).toBe('Degraded Performance');
  });
  it('is Partial Outage when some but not all are down', () => {
    expect(bannerFor(['operational', 'down'])).toBe('Partial Outage');
    expect(bannerFor(['degraded', 'down'])).toBe('Partial Outage');
  });
  it('is Major Outage when all are down', () => {
    expect(bannerFor(['down', 'down'])).toBe('Major Outage');
  });
});

describe('banner from probes and incidents together (docs/decisions.md 38)', () => {
  it('maps an incident’s impact: minor to Degraded Performance, major to Partial Outage, critical to Major Outage', () => {
    expect(impactBanner).toEqual({ minor: 'Degraded Performance', major: 'Partial Outage', critical: 'Major Outage' });
  });
  it('lets the worse of probes and incidents win', () => {
    expect(boardBanner({ statuses: ['operational'], impacts: [], maintenance: false })).toBe('All Systems Operational');
    expect(boardBanner({ statuses: ['operational'], impacts: ['minor'], maintenance: false })).toBe('Degraded Performance');
    expect(boardBanner({ statuses: ['operational', 'down'], impacts: ['minor'], maintenance: false })).toBe('Partial Outage');
    expect(boardBanner({ statuses: ['operational'], impacts: ['minor', 'critical'], maintenance: false })).toBe('Major Outage');
    expect(boardBanner({ statuses: ['down', 'down'], impacts: ['major'], maintenance: false })).toBe('Major Outage');
  });
  it('says Under Maintenance during a window only when nothing is worse', () => {
    expect(boardBanner({ statuses: [], impacts: [], maintenance: true })).toBe('Under Maintenance');
    expect(boardBanner({ statuses: ['operational'], impacts: [], maintenance: true })).toBe('Under Maintenance');
    expect(boardBanner({ statuses: ['degraded'], impacts: [], maintenance: true })).toBe('Degraded Performance');
    expect(boardBanner({ statuses: ['operational'], impacts: ['major'], maintenance: true })).toBe('Partial Outage');
  });
  it('orders the banners from kindest to worst', () => {
    expect(worseBanner('Under Maintenance', 'All Systems Operational')).toBe('Under Maintenance');
    expect(worseBanner('Degraded Performance', 'Major Outage')).toBe('Major Outage');
  });
});

describe('a day of the 90-day bar', () => {
  it('is No data without counted readings, never 100%', () => {
    expect(dayTone(null, false)).toBe('none');
    expect(dayTone(null, true)).toBe('maintenance');
  });
  it('is coloured by the day’s measured uptime', () => {
    expect(dayTone(100, false)).toBe('good');
    expect(dayTone(99.99, true)).toBe('fair');
    expect(dayTone(99, false)).toBe('fair');
    expect(dayTone(98.9, false)).toBe('poor');
    expect(dayTone(95, false)).toBe('poor');
    expect(dayTone(94.99, false)).toBe('bad');
  });
});

describe('uptime label', () => {
  it('never rounds a measured downtime up to 100%', () => {
    expect(uptimeLabel(99.999)).toBe('99.99%');
    expect(uptimeLabel(100)).toBe('100%');
    expect(uptimeLabel(99.5)).toBe('99.5%');
    expect(uptimeLabel(null)).toBe('No data yet');
  });
});
