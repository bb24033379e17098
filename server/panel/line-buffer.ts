import { consoleKeptLines } from '../../contracts/panel-rules.ts';

/** Console lines kept per server for viewers who connect later, search and download (the page keeps as many). */
export const consoleHistoryLines = consoleKeptLines;

/** The last `capacity` console lines, oldest first; O(1) per line. */
export class LineBuffer {
  readonly capacity: number;
  private readonly items: string[] = [];
  private start = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  push(line: string): void {
    if (this.items.length < this.capacity) {
      this.items.push(line);
      return;
    }
    this.items[this.start] = line;
    this.start = (this.start + 1) % this.capacity;
  }

  toArray(): string[] {
    return [...this.items.slice(this.start), ...this.items.slice(0, this.start)];
  }

  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.items.length = 0;
    this.start = 0;
  }
}
