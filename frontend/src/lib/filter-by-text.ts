/**
 * The search box of a list: the items with `query` (trimmed, in any case) in one of their `texts`,
 * in their order; every item for a blank query.
 */
export function filterByText<T>(items: readonly T[], query: string, texts: (item: T) => string[]): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => texts(item).some((text) => text.toLowerCase().includes(needle)));
}
