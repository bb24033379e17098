/** A sleep that wake() can end early; a wake() with nobody asleep ends the next sleep at once. */
export class Waiter {
  #timer: NodeJS.Timeout | undefined;
  #resolve: (() => void) | undefined;
  #woken = false;

  sleep(ms: number): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#resolve = resolve;
      this.#timer = setTimeout(() => this.wake(), Math.max(0, ms));
    });
  }

  wake(): void {
    clearTimeout(this.#timer);
    const resolve = this.#resolve;
    this.#resolve = undefined;
    if (resolve) resolve();
    else this.#woken = true;
  }
}
