// The browser's calls of the subscriptions API (shapes from the contract, types only).
import type { ConfirmAnswer, SubscribeAccepted, SubscribeBody, SubscriptionOptions, UnsubscribeAnswer } from '../../../contracts/subscriptions.ts';
import { apiFetch } from '../../lib/api-client.ts';

export type { ConfirmAnswer, SubscribeBody, SubscriptionOptions } from '../../../contracts/subscriptions.ts';

const base = '/api/status/subscriptions';

export function fetchSubscriptionOptions(signal?: AbortSignal): Promise<SubscriptionOptions> {
  return apiFetch<SubscriptionOptions>('GET', `${base}/`, { signal });
}

export function subscribe(body: SubscribeBody): Promise<SubscribeAccepted> {
  return apiFetch<SubscribeAccepted>('POST', `${base}/`, { body, fallback: 'Could not subscribe. Please try again.' });
}

export function confirmSubscription(token: string): Promise<ConfirmAnswer> {
  return apiFetch<ConfirmAnswer>('POST', `${base}/confirm`, { body: { token } });
}

export function unsubscribe(token: string): Promise<UnsubscribeAnswer> {
  return apiFetch<UnsubscribeAnswer>('POST', `${base}/unsubscribe`, { body: { token } });
}
