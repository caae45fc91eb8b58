interface LabelledOptionsProps<T extends string> {
  values: readonly T[];
  labels: Readonly<Record<T, string>>;
}

/** A select's options: one per value, in order, each shown by its label. */
export function LabelledOptions<T extends string>({ values, labels }: LabelledOptionsProps<T>) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}
