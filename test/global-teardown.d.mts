/** Stops the dev chains the global setup started. */
export default function globalTeardown(): Promise<void>;
