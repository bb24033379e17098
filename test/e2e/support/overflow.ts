import type { Page } from '@playwright/test';

/**
 * What sticks out past the right edge of the viewport: the page's own scroll width beyond the
 * window, and each element whose box ends past it without a scrolling or clipping box around it
 * (a row meant to scroll sideways holds what it holds). Empty when everything fits.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`page: ${document.documentElement.scrollWidth} px wide in ${width}`);
    const clipped = (element: Element): boolean => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5 || clipped(element)) continue;
      const text = (element.textContent ?? '').trim().slice(0, 40);
      found.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${text}" ends at ${Math.round(box.right)} px`);
    }
    return found.slice(0, 10);
  });
}
