import type { CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticator {
  cdp: CDPSession;
  id: string;
  /** The passkeys it holds (credential ids, base64). */
  credentials(): Promise<string[]>;
  remove(): Promise<void>;
}

/**
 * A passkey authenticator built into Chromium (the DevTools WebAuthn domain): a platform
 * authenticator that holds discoverable credentials and verifies the user (as a fingerprint
 * would) without a prompt, so the page's WebAuthn calls complete on their own.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.map((c) => c.credentialId),
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
    },
  };
}
