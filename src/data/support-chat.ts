import { defineContent, z } from './define.ts';

const text = z.string().min(1);

const supportChatSchema = z.object({
  /** The help assistant's buttons that open the conversation with a person. */
  talkToPerson: text,
  continueConversation: text,
  /** Under every answer of the assistant. */
  notWhatYouNeeded: text,
  loading: text,
  loadFailed: text,
  retry: text,
  heading: text,
  /** Before the first message: someone is available, or nobody is. */
  staffedIntro: text,
  unstaffedIntro: text,
  messageLabel: text,
  messagePlaceholder: text,
  emailLabel: text,
  emailHint: text,
  emailRequired: text,
  start: text,
  send: text,
  sending: text,
  /** Labels of the authors, read before each message. */
  you: text,
  team: text,
  system: text,
  /** "{name} is typing…" */
  typing: text,
  sent: text,
  seen: text,
  /** Shown while nobody is available and the visitor left no address. */
  nobodyAvailable: text,
  saveEmail: text,
  emailSaved: text,
  /** Shown while nobody is available and the address is known. */
  willMail: text,
  /** After resolution. */
  resolved: text,
  ratingLegend: text,
  ratingLabels: z.array(text).length(5),
  ratingComment: text,
  ratingSubmit: text,
  ratingThanks: text,
  transcript: text,
  transcriptSent: text,
  /** Where the transcript goes and what it needs (docs/decisions.md 72): resolved, and a confirmed address. */
  transcriptWhenResolved: text,
  transcriptGoesTo: text,
  transcriptNeedsAddress: text,
  transcriptNeedsConfirm: text,
  sendConfirmLink: text,
  confirmSent: text,
  otherAddress: text,
  newConversation: text,
  /** The browser's other conversations (its own, and those continue links added). */
  otherConversations: text,
  otherConversationsList: text,
  conversationStates: z.object({ open: text, waiting: text, resolved: text }),
  unread: text,
  /** The page an e-mail's link opens. */
  continuePage: z.object({
    title: text,
    description: z.string().min(50).max(160),
    heading: text,
    lead: text,
    button: text,
    busy: text,
    missing: text,
    /** The link was mailed to the conversation's address: it is confirmed now. */
    confirmed: text,
  }),
});

export type SupportChatCopy = z.infer<typeof supportChatSchema>;

/** The texts of the visitor's conversation with the team (docs/decisions.md 45). */
export const supportChatCopy: SupportChatCopy = defineContent('support-chat', supportChatSchema, {
  talkToPerson: 'Talk to a person',
  continueConversation: 'Continue your conversation',
  notWhatYouNeeded: 'Not what you needed?',
  loading: 'Loading your conversation…',
  loadFailed: 'The conversation could not be loaded.',
  retry: 'Try again',
  heading: 'Our team',
  staffedIntro: 'Someone from our team is available now. Write your question and they answer here.',
  unstaffedIntro:
    'Nobody from our team is available right now. Leave your question and your e-mail address: we answer by e-mail, with a link that brings you back to this conversation.',
  messageLabel: 'Your message',
  messagePlaceholder: 'Write your message…',
  emailLabel: 'Your e-mail address',
  emailHint: 'We write to it only about this conversation.',
  emailRequired: 'Please enter your e-mail address so we can answer you.',
  start: 'Send',
  send: 'Send',
  sending: 'Sending…',
  you: 'You',
  team: 'Our team',
  system: 'Note',
  typing: '{name} is typing…',
  sent: 'Sent',
  seen: 'Seen',
  nobodyAvailable: 'Nobody from our team is available right now. Leave your e-mail address and we answer there, with a link back to this conversation.',
  saveEmail: 'Save address',
  emailSaved: 'Thanks: we will answer at {email}.',
  willMail: 'Nobody is available right now; we answer at {email} and here.',
  resolved: 'This conversation is resolved. Write again to reopen it.',
  ratingLegend: 'Was this solved?',
  ratingLabels: ['1: not at all', '2: hardly', '3: partly', '4: mostly', '5: completely'],
  ratingComment: 'A word about it (optional)',
  ratingSubmit: 'Send rating',
  ratingThanks: 'Thank you for your rating.',
  transcript: 'E-mail me the transcript',
  transcriptSent: 'The transcript is on its way to {email}.',
  transcriptWhenResolved: 'Once this conversation is resolved, you can have its transcript e-mailed to your confirmed address.',
  transcriptGoesTo: 'The transcript goes to {email}, your confirmed address.',
  transcriptNeedsAddress:
    'We e-mail the transcript only to a confirmed address. Enter yours: we send it a link, and once you open it, you can ask for the transcript here.',
  transcriptNeedsConfirm:
    'We e-mail the transcript only to a confirmed address. Confirm {email}: we send it a link, and once you open it, you can ask for the transcript here.',
  sendConfirmLink: 'Send the confirmation link',
  confirmSent: 'We sent a link to {email}. Open it (look in the spam folder too); the transcript can then be sent.',
  otherAddress: 'Use another address',
  newConversation: 'Start a new conversation',
  otherConversations: 'Your other conversations ({count})',
  otherConversationsList: 'Your other conversations',
  conversationStates: { open: 'waiting for our answer', waiting: 'answered', resolved: 'resolved' },
  unread: '{count} unread',
  continuePage: {
    title: 'Your conversation with our team',
    description: 'Continue your conversation with the Hostfront support team: read our answers and reply, on any device, from the link in our e-mail.',
    heading: 'Your conversation with our team',
    lead: 'Open the conversation from our e-mail to read our answers and reply. It stays open in this browser afterwards.',
    button: 'Open the conversation',
    busy: 'Opening…',
    missing: 'This link is incomplete. Open the link from our e-mail again, or write to us from the Contact page.',
    confirmed: 'Your e-mail address is confirmed: the transcript can be sent to it once the conversation is resolved.',
  },
});
