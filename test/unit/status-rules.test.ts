import { describe, expect, it } from 'vitest';
import { bannerFor } from '../../contracts/status-rules.ts';
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
  it('says Timeout for 0 and milliseconds otherwise', () => {
    expect(latencyLabel(0)).toBe('Timeout');
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

describe('uptime label', () => {
  it('never rounds a measured downtime up to 100%', () => {
    expect(uptimeLabel(99.999)).toBe('99.99%');
    expect(uptimeLabel(100)).toBe('100%');
    expect(uptimeLabel(99.5)).toBe('99.5%');
    expect(uptimeLabel(null)).toBe('No data yet');
  });
});
