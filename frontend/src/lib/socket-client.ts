import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@nexus/contract';

export type NexusSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: Promise<NexusSocket> | null = null;

/**
 * One socket per tab, same origin as the page (the API serves the app), opened on first use. The
 * Socket.IO client is fetched then, not with the first load: home needs no socket, a scan, an open
 * collection or wallet does. A failed fetch is tried again by the next call.
 */
export function loadSocket(): Promise<NexusSocket> {
  socket ??= import('socket.io-client').then(
    ({ io }): NexusSocket => io({ path: '/socket.io', autoConnect: true, reconnectionDelayMax: 5000 }),
    (error: unknown) => {
      socket = null;
      throw error;
    },
  );
  return socket;
}

/**
 * Something built once on the tab's socket (a channel), fetched with it: the same promise for every
 * caller, so work queued on it runs in the order it was asked for.
 */
export function onSocket<T>(create: (socket: NexusSocket) => T): () => Promise<T> {
  let built: Promise<T> | null = null;
  return () =>
    (built ??= loadSocket().then(create, (error: unknown) => {
      built = null;
      throw error;
    }));
}

/** Closes the tab's socket when one was opened (a test's end: it would keep reconnecting). */
export async function closeSocket(): Promise<void> {
  const opened = await socket?.catch(() => null);
  opened?.disconnect();
}
