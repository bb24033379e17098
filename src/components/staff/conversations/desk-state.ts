// The console's inbox of conversations as one pure reducer (docs/decisions.md 45): the list and
// its counts, the open conversation, who is typing, who is available. Answers of the API and
// events of the desk's stream both go through it, so each is applied in one place.
import type {
  AvailabilityAnswer,
  ConversationCounts,
  ConversationDetail,
  ConversationPage,
  ConversationSummary,
  StaffMessage,
  TeamMember,
} from '../../../../contracts/support-staff-api.ts';
import type { StaffStreamEvent } from '../../../../contracts/support-streams.ts';

export interface DeskState {
  conversations: ConversationSummary[];
  nextCursor: string | null;
  counts: ConversationCounts | undefined;
  loaded: boolean;
  open: ConversationDetail | undefined;
  /** The visitor of the open conversation is typing. */
  visitorTyping: boolean;
  /** My "Available for chat" switch, and whether visitors see live chat as staffed. */
  available: boolean | undefined;
  staffed: boolean | undefined;
  team: TeamMember[];
}

export const initialDesk: DeskState = {
  conversations: [],
  nextCursor: null,
  counts: undefined,
  loaded: false,
  open: undefined,
  visitorTyping: false,
  available: undefined,
  staffed: undefined,
  team: [],
};

export type DeskAction =
  | { type: 'page'; page: ConversationPage; append: boolean }
  | { type: 'counts'; counts: ConversationCounts }
  | { type: 'open'; detail: ConversationDetail | undefined }
  | { type: 'summary'; summary: ConversationSummary }
  | { type: 'availability'; answer: AvailabilityAnswer }
  /** The switch moved: shown at once, before the server's answer. */
  | { type: 'available'; available: boolean }
  | { type: 'visitor-typing-ended' }
  | { type: 'stream'; event: StaffStreamEvent };

const byActivity = (a: ConversationSummary, b: ConversationSummary) => b.lastMessageAt - a.lastMessageAt;

function withSummary(list: ConversationSummary[], summary: ConversationSummary): ConversationSummary[] {
  return [summary, ...list.filter((c) => c.id !== summary.id)].sort(byActivity);
}

function withMessage(messages: StaffMessage[], message: StaffMessage): StaffMessage[] {
  const rest = messages.filter((m) => m.id !== message.id && !(message.clientId && m.clientId === message.clientId));
  return [...rest, message].sort((a, b) => a.id - b.id);
}

/** The open conversation with a changed summary (state, assignee, unread…) laid over it. */
function openWith(open: ConversationDetail | undefined, summary: ConversationSummary): ConversationDetail | undefined {
  return open && open.id === summary.id ? { ...open, ...summary } : open;
}

export function deskReducer(state: DeskState, action: DeskAction): DeskState {
  switch (action.type) {
    case 'page':
      return {
        ...state,
        loaded: true,
        conversations: action.append
          ? [...state.conversations, ...action.page.conversations.filter((c) => !state.conversations.some((o) => o.id === c.id))]
          : action.page.conversations,
        nextCursor: action.page.nextCursor,
        counts: action.page.counts,
      };
    case 'counts':
      return { ...state, counts: action.counts };
    case 'open':
      return { ...state, open: action.detail, visitorTyping: false };
    case 'summary':
      return { ...state, conversations: withSummary(state.conversations, action.summary), open: openWith(state.open, action.summary) };
    case 'availability':
      return { ...state, available: action.answer.available, staffed: action.answer.staffed, team: action.answer.team };
    case 'available':
      return { ...state, available: action.available };
    case 'visitor-typing-ended':
      return { ...state, visitorTyping: false };
    case 'stream': {
      const { event } = action;
      switch (event.event) {
        case 'presence':
          return { ...state, staffed: event.data.staffed, team: event.data.team };
        case 'conversation':
          return deskReducer(state, { type: 'summary', summary: event.data.conversation });
        case 'message': {
          const open = state.open;
          if (!open || open.id !== event.data.conversationId) return state;
          const fromVisitor = event.data.message.author === 'visitor';
          return {
            ...state,
            open: { ...open, messages: withMessage(open.messages, event.data.message) },
            visitorTyping: fromVisitor ? false : state.visitorTyping,
          };
        }
        case 'typing':
          return state.open?.id === event.data.conversationId && event.data.author === 'visitor' ? { ...state, visitorTyping: event.data.typing } : state;
        case 'read': {
          const open = state.open;
          if (!open || open.id !== event.data.conversationId) return state;
          return event.data.author === 'visitor'
            ? { ...state, open: { ...open, visitorReadUpTo: Math.max(open.visitorReadUpTo, event.data.upTo) } }
            : { ...state, open: { ...open, staffReadUpTo: Math.max(open.staffReadUpTo, event.data.upTo) } };
        }
        case 'resync':
          // Read again by the stream's owner (useDesk), as after a reconnect.
          return state;
      }
    }
  }
}
