/** Testimonials visible at once (docs/decisions.md 21). */
export const carouselPageSize = 3;

/** Previous is disabled at index 0. */
export function canGoPrevious(index: number): boolean {
  return index > 0;
}

/** Next is disabled when the index is at or beyond count − page size. */
export function canGoNext(index: number, count: number, pageSize = carouselPageSize): boolean {
  return index < count - pageSize;
}

/** One step (−1 or +1) from index, if the rules allow it; otherwise the index unchanged. */
export function step(index: number, direction: -1 | 1, count: number, pageSize = carouselPageSize): number {
  if (direction < 0) return canGoPrevious(index) ? index - 1 : index;
  return canGoNext(index, count, pageSize) ? index + 1 : index;
}

/** Whether the item at position is among the visible ones. */
export function isVisible(position: number, index: number, pageSize = carouselPageSize): boolean {
  return position >= index && position < index + pageSize;
}
