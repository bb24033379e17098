import { useEffect, useRef, useState } from 'react';
import type { HomeFigures } from '../../../contracts/support.ts';
import { countUpDuration, countUpThreshold, countUpValue } from '../../lib/count-up.ts';
import type { CounterItem, CounterText } from '../../lib/support-figures.ts';
import { cardVariants } from '../ui/card-variants.ts';

export interface CountersCaption {
  aims: string;
  /** A template with {days} and {conversations}. */
  measured: string;
}

const numberClass = 'text-3xl font-extrabold text-white tabular-nums sm:text-4xl';

/**
 * The support block's counters (docs/decisions.md 22, 46): count from 0 to their value over
 * 2000 ms, once, when at least 10% of them is first visible; final values at once for visitors
 * who prefer reduced motion, and without JavaScript. Screen readers get the final values only.
 * The HTML carries the provider's aims, worded as aims; once the support desk says its figures
 * are measured (GET /api/support/figures), the measured ones replace them.
 */
export function Counters({
  items: aims,
  texts,
  caption,
  duration = countUpDuration,
}: {
  items: CounterItem[];
  texts: CounterText[];
  caption: CountersCaption;
  duration?: number;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const [measured, setMeasured] = useState<{ items: CounterItem[]; caption: string } | undefined>();
  const items = measured?.items ?? aims;
  const [values, setValues] = useState(() => items.map(() => 0));

  useEffect(() => {
    const controller = new AbortController();
    // Plain fetch, and the figures' code only once they are measured: the home page stays as light as before.
    fetch('/api/support/figures', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<HomeFigures>) : undefined))
      .then(async (answer) => {
        if (!answer?.measured) return;
        const { measuredCaption, measuredCounters } = await import('../../lib/support-figures.ts');
        const counted = measuredCounters(texts, answer);
        if (counted) setMeasured({ items: counted, caption: measuredCaption(caption.measured, answer) });
      })
      // Figures that cannot be read leave the aims in place, which never claim to be measured.
      .catch(() => undefined);
    return () => controller.abort();
  }, [texts, caption]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const finals = items.map((c) => c.value ?? 0);
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      setValues(finals);
      return;
    }
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= countUpThreshold)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const elapsed = now - start;
          setValues(finals.map((v) => countUpValue(v, elapsed, duration)));
          if (elapsed < duration) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: countUpThreshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [items, duration]);

  return (
    <div>
      <ul ref={ref} className="grid grid-cols-2 gap-4">
        {items.map((item, i) => (
          <li key={item.id} className={cardVariants({ surface: 'sunken', edge: 'ring', className: 'p-5' })}>
            <p aria-hidden="true" data-counter={item.id} className={`js-only ${numberClass}`}>
              {item.value === null ? '–' : `${values[i]}${item.suffix}`}
            </p>
            <noscript>
              <p aria-hidden="true" data-counter-final={item.id} className={numberClass}>
                {item.value === null ? '–' : `${item.value}${item.suffix}`}
              </p>
            </noscript>
            <p className="mt-1 text-sm text-slate-300">
              <span className="sr-only">{item.value === null ? 'Not enough data yet: ' : `${item.value}${item.suffix} `}</span>
              {item.label}
            </p>
          </li>
        ))}
      </ul>
      <p data-counters-caption={measured ? 'measured' : 'aims'} className="mt-4 text-xs text-slate-400">
        {measured?.caption ?? caption.aims}
      </p>
    </div>
  );
}
