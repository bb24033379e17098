// Holds the JavaScript of built pages (scripts/route-js.ts) to the budgets of
// scripts/js-budgets.ts, and says what is over: the route, and the module that grew.
import type { JsBudgets } from './js-budgets.ts';
import type { RouteJs } from './route-js.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function routeBudget(budgets: JsBudgets, route: string): number {
  return (budgets.routes[route] ?? budgets.otherRoute) * 1024;
}

export function moduleBudget(budgets: JsBudgets, name: string): number {
  return (budgets.modules[name] ?? budgets.otherModule) * 1024;
}

/** One line per problem: a module over its budget, a route over its total. Empty when all fit. */
export function overBudget(page: RouteJs, budgets: JsBudgets): string[] {
  const problems: string[] = [];
  for (const module of page.modules) {
    const limit = moduleBudget(budgets, module.name);
    if (module.gzip > limit) problems.push(`${page.route}: module ${module.name} (${module.url}) is ${kb(module.gzip)} gzip, over its budget of ${kb(limit)}`);
  }
  const limit = routeBudget(budgets, page.route);
  if (page.gzip > limit) {
    const largest = page.modules
      .slice(0, 3)
      .map((m) => `${m.name} ${kb(m.gzip)}`)
      .join(', ');
    problems.push(
      `${page.route}: loads ${kb(page.gzip)} gzip in ${page.modules.length} modules before interaction, over its budget of ${kb(limit)} (largest: ${largest})`,
    );
  }
  return problems;
}
