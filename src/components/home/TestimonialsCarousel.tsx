import { ChevronLeft, ChevronRight, Quote, Star } from 'lucide-react';
import { useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { canGoNext, canGoPrevious, isVisible, step } from '../../lib/carousel.ts';
import { cardVariants } from '../ui/card-variants.ts';

export interface TestimonialItem {
  id: string;
  name: string;
  role: string;
  /** ISO date. */
  date: string;
  rating: number;
  title: string;
  text: string;
}

/** The five stars of a rating, each by its number. */
const starNumbers = [1, 2, 3, 4, 5];

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "14 Sep 2026", the same on the server and in every browser (no locale data involved). */
function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${months[(m ?? 1) - 1]} ${y}`;
}

/**
 * The testimonials carousel (docs/decisions.md 21): three visible, each click moves by one,
 * Previous disabled at 0, Next disabled at count − 3. WAI-ARIA carousel pattern: a labelled
 * region, slides as labelled groups, buttons that control the slide container, a polite live
 * region; arrow keys move it too. Hidden slides are inert.
 */
export function TestimonialsCarousel({ items }: { items: TestimonialItem[] }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  const previousEnabled = canGoPrevious(index);
  const nextEnabled = canGoNext(index, items.length);
  const move = (direction: -1 | 1) => setIndex((i) => step(i, direction, items.length));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
    else return;
    event.preventDefault();
  };

  const buttonClass =
    'grid size-11 place-items-center rounded-full bg-white/5 text-white ring-1 ring-white/15 transition-colors hover:bg-white/10 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white/5';

  return (
    <section aria-roledescription="carousel" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown} data-carousel-index={index}>
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="text-center sm:text-left">
          <p className="text-sm font-semibold tracking-wider text-accent-400 uppercase">Testimonials</p>
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            What our customers say
          </h2>
        </div>
        <div className="flex gap-3">
          <button
            type="button"
            className={buttonClass}
            aria-controls={`${id}-slides`}
            aria-disabled={!previousEnabled}
            aria-label="Previous testimonial"
            onClick={() => previousEnabled && move(-1)}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            className={buttonClass}
            aria-controls={`${id}-slides`}
            aria-disabled={!nextEnabled}
            aria-label="Next testimonial"
            onClick={() => nextEnabled && move(1)}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <div className="mt-10 overflow-hidden md:-mx-3">
        <div
          id={`${id}-slides`}
          aria-live="polite"
          style={{ '--offset': index } as CSSProperties}
          className="flex flex-col gap-6 transition-transform duration-500 ease-out motion-reduce:transition-none md:translate-x-[calc(var(--offset)*-100%/3)] md:flex-row md:gap-0"
        >
          {items.map((item, position) => {
            const visible = isVisible(position, index);
            return (
              // biome-ignore lint/a11y/useSemanticElements: a slide of the WAI-ARIA carousel pattern (group, roledescription "slide"); a fieldset is for form controls.
              <div
                key={item.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${position + 1} of ${items.length}`}
                aria-hidden={!visible}
                inert={!visible}
                data-visible={visible}
                className={`shrink-0 md:basis-1/3 md:px-3 ${visible ? '' : 'max-md:hidden'}`}
              >
                <figure className={cardVariants({ edge: 'ring', className: 'flex h-full flex-col p-6' })}>
                  <div className="flex items-center justify-between">
                    <span className="flex text-amber-400" role="img" aria-label={`Rated ${item.rating} out of 5`}>
                      {starNumbers.map((n) => (
                        <Star key={n} aria-hidden="true" className={`size-4 ${n <= item.rating ? 'fill-current' : 'text-slate-600'}`} />
                      ))}
                    </span>
                    <Quote aria-hidden="true" className="size-6 text-brand-400/50" />
                  </div>
                  <h3 className="mt-4 font-semibold text-white">{item.title}</h3>
                  <blockquote className="mt-2 flex-1 text-sm leading-relaxed text-slate-300">
                    <p>{item.text}</p>
                  </blockquote>
                  <figcaption className="mt-5 flex items-center gap-3 border-t border-white/10 pt-4">
                    <span
                      aria-hidden="true"
                      className="grid size-10 place-items-center rounded-full bg-linear-to-br from-brand-500 to-accent-400 text-sm font-bold text-white"
                    >
                      {item.name.charAt(0)}
                    </span>
                    <span className="text-sm">
                      <span className="block font-semibold text-white">{item.name}</span>
                      <span className="block text-slate-400">
                        {item.role} · <time dateTime={item.date}>{formatDate(item.date)}</time>
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
