import { describe, expect, it } from 'vitest';
import type { ClaimedAlertDelivery } from '../../server/alerts/alert-deliveries-repository.ts';
import { writeAlertMessage } from '../../server/alerts/alert-message-writer.ts';
import { slackBody } from '../../server/alerts/channel-kinds/slack.ts';
import { unansweredNotice } from '../../server/support/support-mail-texts.ts';

// A support notice carries a visitor's name and words to the team's Slack. Slack reads <…> in a
// message's top-level text as mentions and links, as it does in the blocks' mrkdwn.
describe("Slack's top-level text of a support notice", () => {
  const notice = unansweredNotice(
    { name: 'Eve <!channel>', email: null, page: '/plans', preview: 'Log in again at <https://evil.example/login|https://panel.hostfront.example>' },
    5,
  );
  const job = {
    delivery: { id: 7, kind: 'notice', payload: JSON.stringify({ ...notice, link: '/staff#conversations/x' }) },
    channel: { id: 'team', name: 'Team Slack' },
    alert: null,
  } as unknown as ClaimedAlertDelivery;
  const message = writeAlertMessage(job, {
    monitorName: (id) => id,
    links: {} as never,
    publicUrl: 'https://hostfront.example',
    siteName: 'Hostfront',
    now: () => Date.UTC(2026, 10, 28),
  });
  const body = slackBody(message) as { text: string; blocks: Array<{ type: string; text?: { type: string; text: string } }> };

  it('escapes a visitor name that mentions the whole channel', () => {
    expect(body.text).toContain('Eve &lt;!channel&gt;');
    expect(body.text).not.toContain('<!channel>');
  });

  it('escapes a disguised link in the visitor message, as the blocks do', () => {
    expect(body.text).toContain('&lt;https://evil.example/login|https://panel.hostfront.example&gt;');
    expect(body.text).not.toMatch(/[<>]/);
    const section = body.blocks.find((b) => b.type === 'section' && b.text?.type === 'mrkdwn');
    expect(section?.text?.text).toContain('&lt;https://evil.example/login|https://panel.hostfront.example&gt;');
  });

  it('keeps an ampersand readable once Slack unescapes it', () => {
    const plain = slackBody({ ...message, headline: 'Tom & Jerry', lines: ['a & b'] }) as { text: string };
    expect(plain.text).toBe('Tom &amp; Jerry: a &amp; b');
  });
});
