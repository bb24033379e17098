/**
 * The consoles open on sessions customers opened from "My servers", per account, so a sign-out
 * (or a sign-out everywhere) checks them at once: each one whose customer is no longer signed in
 * on its browser closes; the account's other devices keep theirs (docs/decisions.md 80).
 */
export class AccountConsoles {
  private readonly byCustomer = new Map<string, Set<() => void>>();

  /** Registers a console's check; returns its removal. */
  watch(customerId: string, checkAgain: () => void): () => void {
    const checks = this.byCustomer.get(customerId) ?? new Set<() => void>();
    checks.add(checkAgain);
    this.byCustomer.set(customerId, checks);
    return () => {
      checks.delete(checkAgain);
      if (checks.size === 0) this.byCustomer.delete(customerId);
    };
  }

  /** Runs the checks of every console of the account. */
  checkAll(customerId: string): void {
    for (const check of [...(this.byCustomer.get(customerId) ?? [])]) check();
  }
}
