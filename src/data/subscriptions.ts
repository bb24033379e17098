import { defineContent, z } from './define.ts';

const text = z.string().min(1);

const subscriptionsSchema = z.object({
  form: z.object({
    heading: text,
    intro: text,
    channelLegend: text,
    email: z.object({ option: text, label: text, placeholder: text, hint: text }),
    webhook: z.object({ option: text, label: text, placeholder: text, hint: text }),
    emailUnavailable: text,
    /** Shown (and announced) in the form's place while the site says which channels it offers. */
    loading: text,
    monitorsLegend: text,
    allMonitors: text,
    chosenMonitors: text,
    chooseAtLeastOne: text,
    submit: text,
    sending: text,
    loadFailed: text,
    noScript: text,
    privacy: text,
  }),
  /** The pages a confirm or unsubscribe link opens: a title, a lead, one button, and what follows. */
  confirmPage: z.object({
    title: text,
    description: z.string().min(50).max(160),
    heading: text,
    lead: text,
    button: text,
    busy: text,
    done: text,
    doneScope: text,
    missing: text,
    back: text,
  }),
  unsubscribePage: z.object({
    title: text,
    description: z.string().min(50).max(160),
    heading: text,
    lead: text,
    button: text,
    busy: text,
    done: text,
    missing: text,
    back: text,
  }),
});

export type SubscriptionsCopy = z.infer<typeof subscriptionsSchema>;

/**
 * The words of status subscriptions on the site: the board's form and the link pages (the
 * messages' words are the server's, server/subscriptions/notification-copy.ts).
 */
export const subscriptionsCopy: SubscriptionsCopy = defineContent('subscriptions', subscriptionsSchema, {
  form: {
    heading: 'Get notified',
    // Says no channel: e-mail is offered only where the operator configured it (the form shows which).
    intro: 'Hear about incidents and planned maintenance as they happen, where you choose below.',
    channelLegend: 'Send notifications to',
    email: {
      option: 'E-mail',
      label: 'E-mail address',
      placeholder: 'you@example.com',
      hint: 'We send a confirmation link first; nothing else arrives until you confirm.',
    },
    webhook: {
      option: 'Discord or Slack webhook',
      label: 'Webhook URL',
      placeholder: 'https://discord.com/api/webhooks/…',
      hint: 'Discord: Server Settings → Integrations → Webhooks. Slack: an Incoming Webhooks app. We post a confirmation link there first.',
    },
    emailUnavailable: 'E-mail notifications are not available on this site; use a webhook.',
    loading: 'Loading the notification choices…',
    monitorsLegend: 'Notify me about',
    allMonitors: 'Every monitored service',
    chosenMonitors: 'Only the services I choose',
    chooseAtLeastOne: 'Choose at least one service, or every service.',
    submit: 'Subscribe',
    sending: 'Subscribing…',
    loadFailed: 'Subscriptions are not available right now. Please try again in a few minutes.',
    noScript: 'Subscribing needs JavaScript. The live status and uptime above work without it.',
    privacy: 'Every message has a one-click unsubscribe link. We use the address for status notifications only.',
  },
  confirmPage: {
    title: 'Confirm Status Notifications',
    description: 'Confirm that you want Hostfront status notifications about incidents and planned maintenance, sent where you asked.',
    heading: 'Confirm your subscription',
    lead: 'One step left: confirm that you want status notifications about incidents and planned maintenance.',
    button: 'Confirm subscription',
    busy: 'Confirming…',
    done: 'Confirmed. You will hear about incidents and maintenance as they happen.',
    doneScope: 'Notifications cover:',
    missing: 'This link is incomplete. Open it again from the message, whole, or subscribe again on the status page.',
    back: 'Back to the network status',
  },
  unsubscribePage: {
    title: 'Unsubscribe from Status Notifications',
    description: 'Stop Hostfront status notifications about incidents and planned maintenance with one click. No account or password needed.',
    heading: 'Unsubscribe',
    lead: 'Stop status notifications to this address or channel. You can subscribe again at any time.',
    button: 'Unsubscribe',
    busy: 'Unsubscribing…',
    done: 'You are unsubscribed: no more status notifications will be sent there.',
    missing: 'This link is incomplete. Open it again from the message, whole.',
    back: 'Back to the network status',
  },
});
