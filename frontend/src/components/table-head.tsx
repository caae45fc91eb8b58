/** A column of a table's header: its label, with a class where the column needs one (numbers). */
export type HeadColumn = string | { label: string; className: string };

/** A table's header row, every cell a column header; null or false leaves a column out. */
export function TableHead({ columns }: { columns: ReadonlyArray<HeadColumn | null | false> }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          if (!column) return null;
          const { label, className } =
            typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
