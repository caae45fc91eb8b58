/**
 * A timestamp column read as the API writes it (ISO 8601, UTC, milliseconds). The ORM's driver
 * hands timestamps to raw SQL as PostgreSQL's own text, which `Date.parse` does not read everywhere.
 */
export const isoUtc = (expression: string) =>
  `to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
