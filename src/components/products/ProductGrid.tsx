import { PlanCard } from '../plans/PlanCard.tsx';
import type { PlanCardData } from '../plans/plan-card-data.ts';

/** Every products page card, as static HTML; the filter island shows and hides them by category. */
export function ProductGrid({ id, cards }: { id: string; cards: readonly PlanCardData[] }) {
  return (
    <div id={id} data-products-grid="" className="mt-10 grid gap-6 pt-3 md:grid-cols-2 lg:grid-cols-3">
      {cards.map((card, i) => (
        <PlanCard key={card.id} plan={card} index={i} variant="product" headingLevel="h2" />
      ))}
    </div>
  );
}
