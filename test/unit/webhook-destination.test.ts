import { describe, expect, it } from 'vitest';
import { webhookDestination } from '../../server/subscriptions/webhook-destination.ts';

describe('the channel a webhook URL reaches', () => {
  it.each([
    'https://hooks.example.com/services/T1/B2/Secret',
    'https://hooks.example.com/services/T1/B2/Secret/',
    'https://hooks.example.com/services/T1/B2/Secret?a=1',
    'https://hooks.example.com/services/T1/B2/Secret/?a=1&b=2',
    'https://hooks.example.com:443/services/T1/B2/Secret',
    'https://HOOKS.Example.COM/services/T1/B2/Secret',
    'https://hooks.example.com./services/T1/B2/Secret',
    'https://hooks.example.com//services//T1/B2/Secret//',
    'https://hooks.example.com/services/T1/B2/%53ecret',
    'https://hooks.example.com/services/./T1/x/../B2/Secret',
  ])('%s is one destination', (spelling) => {
    expect(webhookDestination(spelling)).toBe('https://hooks.example.com/services/T1/B2/Secret');
  });

  it.each([
    'https://discord.com/api/webhooks/1234/Tok-en_9',
    'https://discordapp.com/api/webhooks/1234/Tok-en_9',
    'https://canary.discord.com/api/webhooks/1234/Tok-en_9',
    'https://PTB.Discord.com:443/api/webhooks/1234/Tok-en_9/',
    'https://discord.com/api/v10/webhooks/1234/Tok-en_9?wait=true',
    'https://discord.com/API/Webhooks/1234/Tok-en_9/slack',
    'https://discord.com/api/webhooks/1234/Tok-en_9/github?thread_id=5',
  ])('%s is one Discord webhook', (spelling) => {
    expect(webhookDestination(spelling)).toBe('https://discord.com/api/webhooks/1234/Tok-en_9');
  });

  it('tells different channels apart', () => {
    const destinations = [
      'https://hooks.example.com/services/T1/B2/Secret',
      'https://hooks.example.com/services/T1/B2/secret',
      'https://hooks.example.com/services/T1/B3/Secret',
      'https://hooks.example.com:8443/services/T1/B2/Secret',
      'http://hooks.example.com/services/T1/B2/Secret',
      'https://other.example.com/services/T1/B2/Secret',
      'https://discord.com/api/webhooks/1234/Tok-en_9',
      'https://discord.com/api/webhooks/1235/Tok-en_9',
      'https://discord.com/api/webhooks/1234/tok-en_9',
      'https://discord.example.com/api/webhooks/1234/Tok-en_9',
    ].map(webhookDestination);
    expect(new Set(destinations).size).toBe(destinations.length);
  });

  it('keeps an escaped slash apart from a path separator', () => {
    expect(webhookDestination('https://hooks.example.com/a%2fb')).toBe('https://hooks.example.com/a%2Fb');
    expect(webhookDestination('https://hooks.example.com/a%2fb')).not.toBe(webhookDestination('https://hooks.example.com/a/b'));
  });
});
