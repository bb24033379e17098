import { expect, type BrowserContext } from '@playwright/test';
import { linkIn, type SmtpInbox } from '../../helpers/smtp-inbox.ts';

/** Signs a browser in the way a person does by e-mail: the address, the mail, the link's token. */
export async function signInByMail(context: BrowserContext, inbox: SmtpInbox, origin: string, email: string): Promise<void> {
  const before = inbox.to(email).length;
  expect((await context.request.post(`${origin}/api/account/email-link`, { data: { email } })).status()).toBe(202);
  await inbox.waitFor((i) => i.to(email).length > before);
  const link = linkIn(inbox.to(email).at(-1)!.text, `${origin}/account/link#`)!;
  const signedIn = await context.request.post(`${origin}/api/account/email-link/signin`, { data: { token: new URL(link).hash.slice(1) } });
  expect(signedIn.status()).toBe(200);
}
