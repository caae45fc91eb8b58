/** A guard that a value is one of the keys of a constant table, such as a table of reasons. */
export function keyGuard<Table extends object>(table: Table): (value: unknown) => value is keyof Table {
  return (value: unknown): value is keyof Table => typeof value === 'string' && Object.hasOwn(table, value);
}
