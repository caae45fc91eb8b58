/**
 * The options of an index MikroORM cannot describe by properties (an expression, an order, a
 * condition), named `<table>_<name>_index` as the schema names every index:
 * `@Index(sqlIndex('nft_holder', 'empty', '("network") where "tokens" <= 0'))`.
 */
export function sqlIndex(
  table: string,
  name: string,
  definition: string,
): { name: string; expression: string } {
  const indexName = `${table}_${name}_index`;
  return { name: indexName, expression: `create index "${indexName}" on "${table}" ${definition}` };
}
