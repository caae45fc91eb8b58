import type { ClientToServerEvents, ServerToClientEvents } from '@nexus/contract';
import type { NexusSocket } from './socket-client';

/** Rooms of one socket counted by their followers. */
export interface CountedRooms {
  /** Counts a follower of `key`; true for its first one (the room is to be joined). */
  add(key: string): boolean;
  /** Counts a follower away; the last one leaves the room (when the socket is connected). */
  remove(key: string): void;
}

/**
 * Rooms followed by count over one socket: `leave` is sent when the last follower goes, and every
 * followed room is joined again after a reconnect (the server forgets a socket's rooms). Both events
 * take the room's key (every client event does).
 */
export function countedRooms(
  socket: NexusSocket,
  joinEvent: keyof ClientToServerEvents,
  leaveEvent: keyof ClientToServerEvents,
): CountedRooms {
  const emit = (event: keyof ClientToServerEvents, key: string) =>
    (socket as unknown as { emit(event: string, key: string): void }).emit(event, key);
  const followers = new Map<string, number>();
  socket.on('connect', () => {
    for (const key of followers.keys()) emit(joinEvent, key);
  });
  return {
    add(key) {
      const count = followers.get(key) ?? 0;
      followers.set(key, count + 1);
      return count === 0;
    },
    remove(key) {
      const count = (followers.get(key) ?? 0) - 1;
      if (count > 0) {
        followers.set(key, count);
        return;
      }
      followers.delete(key);
      if (socket.connected) emit(leaveEvent, key);
    },
  };
}

/**
 * The two halves of a channel usable at once while its socket module is still on its way (until
 * Socket.IO is fetched): `later` runs a call once it is there, calls in the order they were made
 * (dropped should the fetch fail: the next call fetches again), and `listen` registers a listener
 * then, unless the listener was removed meanwhile.
 */
export function deferredChannel<C extends { listen(listener: never): () => void }>(ready: () => Promise<C>) {
  const later = (use: (live: C) => void) => {
    ready().then(use, () => undefined);
  };
  const listen = (listener: Parameters<C['listen']>[0]) => {
    let stop: (() => void) | null = null;
    let stopped = false;
    later((live) => {
      if (!stopped) stop = live.listen(listener);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  };
  return { later, listen };
}

/**
 * The app's one channel of a kind, made on first use; a component test puts another in its place
 * (it has no server), and null restores the app's.
 */
export function channelSlot<C>(create: () => C): { get: () => C; set: (next: C | null) => void } {
  let channel: C | null = null;
  return {
    get: () => (channel ??= create()),
    set: (next) => {
      channel = next;
    },
  };
}

/** The server events whose handler has the type `Handler`. */
type EventsOf<Handler> = {
  [E in keyof ServerToClientEvents]: ServerToClientEvents[E] extends Handler ? E : never;
}[keyof ServerToClientEvents];

/** Which server event each handler of a channel's listener hears (one of the handler's type). */
export type ListenerEvents<Listener> = {
  readonly [K in keyof Listener]-?: EventsOf<NonNullable<Listener[K]>>;
};

/**
 * Registers the listener's handlers on the socket, each for its event, in the table's order (a
 * handler left out is not registered); returns the function that removes them.
 */
export function listenOn<Listener extends object>(
  socket: NexusSocket,
  events: ListenerEvents<Listener>,
  listener: Listener,
): () => void {
  const registered = (Object.keys(events) as (keyof Listener)[])
    .filter((name) => listener[name] !== undefined)
    .map((name) => [events[name], listener[name]] as [string, (...args: never[]) => void]);
  const on = socket as unknown as {
    on(event: string, handler: unknown): void;
    off(event: string, handler: unknown): void;
  };
  for (const [event, handler] of registered) on.on(event, handler);
  return () => {
    for (const [event, handler] of registered) on.off(event, handler);
  };
}
