/**
 * The listening half of a fake socket channel (tests have no server): `listen` keeps a listener
 * until its stop function is called, and `emit` hands every listener what the workers would send.
 */
export class FakeListeners<L> {
  readonly listeners = new Set<L>();

  listen(listener: L): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(action: (listener: L) => void): void {
    for (const listener of this.listeners) action(listener);
  }
}
