import type { ApiError } from '../../lib/api-client.ts';
import { contactApi } from './contact-api.ts';
import { createNavCount, useNavCount } from './nav-count.ts';

/**
 * The count of unanswered contact messages in the console's navigation (nav-count.ts). No push
 * channel: a minute old at worst, and set at once by the inbox after it changes something.
 */
const unanswered = createNavCount(async () => (await contactApi.counts()).unanswered);

export const setUnansweredCount = unanswered.set;
export const refreshUnansweredCount = unanswered.refresh;
export const useUnansweredCount = (enabled: boolean, sessionEnded: (error: ApiError) => void) => useNavCount(unanswered, enabled, sessionEnded);
