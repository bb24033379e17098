import { defaultOrderLink, type Plan, type PlanLine, type PlanSpec, type Product, type SpecKind, taxLines } from '../../data/plans.ts';
import { locationsOf } from '../../data/plan-stock.ts';
import { site } from '../../data/site.ts';
import type { IconName } from '../../lib/icon-names.ts';
import { orderLink } from '../../lib/order-link.ts';
import { formatMonthly, formatPrice } from '../../lib/price.ts';

/** Everything a plan card shows, as plain values (safe to pass into an island). */
export interface PlanCardData {
  id: string;
  name: string;
  description?: string;
  icon?: IconName;
  /** Formatted price: "₹619", "$4.99", "₹129.00/Monthly". */
  price: string;
  /** Written after the price ("/month"); empty when the price already carries it. */
  period: string;
  /** Written before the price ("From"). */
  pricePrefix?: string;
  specs: { icon: IconName; text: string }[];
  features: string[];
  highlight: boolean;
  recommended: boolean;
  plugins: string[];
  tools: string[];
  cta: { label: string; href: string };
  /** Products filter category, when on the products page. */
  category?: 'game' | 'vps' | 'other';
  /** The currency's tax line beside the price ("excl. 18% GST"), when it has one. */
  taxLine?: string;
  /** A plan page card: the order link at each location it is sold at (the first is the button's until stock says otherwise). */
  orderAt?: { location: string; href: string }[];
}

const specIcons: Record<SpecKind, IconName> = {
  cpu: 'cpu',
  ram: 'ram',
  disk: 'disk',
  ports: 'ports',
  backups: 'backups',
  bandwidth: 'bandwidth',
  network: 'network',
  protection: 'shield',
  support: 'support',
  websites: 'globe',
  email: 'mail',
  servers: 'gamepad',
  database: 'database',
};

function specLines(specs: readonly PlanSpec[]): PlanCardData['specs'] {
  return specs.map((s) => ({ icon: specIcons[s.kind], text: s.value }));
}

/** A plan's order link at each of its locations, by its line's template (docs/decisions.md 104). */
export function orderLinks(line: PlanLine, plan: Plan): { location: string; href: string }[] {
  const template = line.orderLink ?? defaultOrderLink;
  return locationsOf(line, plan).map((location) => ({
    location,
    href: orderLink(template, { store: site.store, line: line.id, plan: plan.id, pid: plan.billingId ?? plan.id, location, currency: line.currency }),
  }));
}

/** A plan page card. */
export function planCardData(line: PlanLine, plan: Plan): PlanCardData {
  const orderAt = orderLinks(line, plan);
  return {
    id: plan.id,
    name: plan.name,
    price: formatPrice(plan.price, line.currency),
    period: '/month',
    specs: specLines(plan.specs),
    features: plan.features,
    highlight: plan.highlight,
    recommended: plan.recommended,
    plugins: [],
    tools: [],
    cta: { label: line.buttonLabel, href: orderAt[0]?.href ?? plan.storeUrl },
    taxLine: taxLines[line.currency] || undefined,
    orderAt,
  };
}

/** A products page card: 2 decimals followed by /Monthly (docs/decisions.md 16). */
export function productCardData(product: Product): PlanCardData {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    icon: product.icon,
    price: formatMonthly(product.price, product.currency),
    period: '',
    pricePrefix: product.fromPrice ? 'From' : undefined,
    specs: specLines(product.specs),
    features: product.features,
    highlight: false,
    recommended: product.recommended,
    plugins: product.plugins,
    tools: product.tools,
    cta: { label: 'View Plans', href: product.path },
    category: product.category,
    taxLine: taxLines[product.currency] || undefined,
  };
}
