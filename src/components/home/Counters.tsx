import { useEffect, useRef, useState } from 'react';
import { countUpDuration, countUpThreshold, countUpValue } from '../../lib/count-up.ts';
import { cardVariants } from '../ui/card-variants.ts';

export interface CounterItem {
  id: string;
  value: number;
  suffix: string;
  label: string;
}

const numberClass = 'text-3xl font-extrabold text-white tabular-nums sm:text-4xl';

/**
 * The support block's counters (docs/decisions.md 22): count from 0 to their value over
 * 2000 ms, once, when at least 10% of them is first visible; final values at once for visitors
 * who prefer reduced motion, and without JavaScript. Screen readers get the final values only.
 */
export function Counters({ items, duration = countUpDuration }: { items: CounterItem[]; duration?: number }) {
  const ref = useRef<HTMLUListElement>(null);
  const [values, setValues] = useState(() => items.map(() => 0));

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const finals = items.map((c) => c.value);
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
    <ul ref={ref} className="grid grid-cols-2 gap-4">
      {items.map((item, i) => (
        <li key={item.id} className={cardVariants({ surface: 'sunken', edge: 'ring', className: 'p-5' })}>
          <p aria-hidden="true" data-counter={item.id} className={`js-only ${numberClass}`}>
            {values[i]}
            {item.suffix}
          </p>
          <noscript>
            <p aria-hidden="true" data-counter-final={item.id} className={numberClass}>
              {item.value}
              {item.suffix}
            </p>
          </noscript>
          <p className="mt-1 text-sm text-slate-300">
            <span className="sr-only">
              {item.value}
              {item.suffix}{' '}
            </span>
            {item.label}
          </p>
        </li>
      ))}
    </ul>
  );
}
