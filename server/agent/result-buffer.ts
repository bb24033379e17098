import type { AgentResult } from '../../contracts/probe-locations.ts';

/**
 * The results an agent has not yet delivered, oldest first, bounded: when full, the oldest is
 * dropped and counted (the next batch tells the site how many). A batch is taken without
 * removing it; only the site's acknowledgement removes it, so a batch lost on the way is sent
 * again, and results taken meanwhile queue behind it.
 */
export class ResultBuffer {
  private readonly items: { seq: number; result: AgentResult }[] = [];
  private nextSeq = 1;
  private droppedSinceAck = 0;
  private droppedTotal = 0;
  readonly capacity: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('the buffer needs room for at least one result');
    this.capacity = capacity;
  }

  get size(): number {
    return this.items.length;
  }

  /** Results dropped (buffer full) since the site last acknowledged a batch. */
  get dropped(): number {
    return this.droppedSinceAck;
  }

  /** Results dropped since the agent started. */
  get droppedEver(): number {
    return this.droppedTotal;
  }

  push(result: AgentResult): void {
    if (this.items.length >= this.capacity) {
      this.items.shift();
      this.droppedSinceAck++;
      this.droppedTotal++;
    }
    this.items.push({ seq: this.nextSeq++, result });
  }

  /** The oldest results, at most `max`, and the mark to acknowledge them by. */
  take(max: number): { results: AgentResult[]; upTo: number; dropped: number } {
    const batch = this.items.slice(0, max);
    return { results: batch.map((i) => i.result), upTo: batch.at(-1)?.seq ?? 0, dropped: this.droppedSinceAck };
  }

  /** The site stored a taken batch: it leaves the buffer (whatever was dropped meanwhile is gone already). */
  acknowledge(batch: { upTo: number; dropped: number }): void {
    let n = 0;
    while (n < this.items.length && this.items[n]!.seq <= batch.upTo) n++;
    this.items.splice(0, n);
    this.droppedSinceAck -= Math.min(this.droppedSinceAck, batch.dropped);
  }
}
