import type { ApiError } from '../../../lib/api-client.ts';
import { createNavCount, useNavCount } from '../nav-count.ts';
import { conversationsApi } from './conversations-api.ts';

/**
 * The count of conversations with visitor messages the team has not read, beside Conversations
 * in the console's navigation (nav-count.ts); the section sets it at once from the desk's stream.
 */
const unread = createNavCount(async () => (await conversationsApi.counts()).unread);

export const setConversationsUnread = unread.set;
export const useConversationsUnread = (enabled: boolean, sessionEnded: (error: ApiError) => void) => useNavCount(unread, enabled, sessionEnded);
