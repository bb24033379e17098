import { createContext } from 'react';
import type { MyServersAnswer } from './panel-api.ts';

/**
 * What the Game Panel shows before its first answers: `checking` (a placeholder while it asks
 * for a session and the customer's servers), or `signed-out`, the panel a new visitor sees,
 * which /control-panel renders at build so its HTML works before React runs (client:customer,
 * docs/decisions.md 124). The answers replace it as they come, as they replace the placeholder.
 */
export type FirstView = 'checking' | 'signed-out';

export const FirstViewContext = createContext<FirstView>('checking');

/** The signed-out answer the `signed-out` view starts from: sign-in offered, no servers. */
export const signedOutAnswer: MyServersAnswer = { signedIn: false, signInOffered: true, owned: [], shared: [] };

/**
 * The page the panel is on, for what its HTML links back to when rendered at build (the sign-in
 * link's returnTo): /control-panel unless a page says otherwise (/minecraft-tools).
 */
export const PanelPageContext = createContext('/control-panel');
