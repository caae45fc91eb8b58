import type { ClientToServerEvents, ServerToClientEvents } from '@nexus/contract';
import type { Socket } from 'socket.io';

/** A browser's socket, typed by the events of the contract. */
export type ClientSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/**
 * Joins `rooms`, unless the socket has closed meanwhile (over its event budget, say): it has left
 * its rooms already, and joining one now would keep the room for ever. Answers whether it joined.
 */
export async function joinOpen(socket: ClientSocket, rooms: string | string[]): Promise<boolean> {
  if (socket.disconnected) return false;
  await socket.join(rooms);
  return true;
}

/** Leaves the room that `room` names for `key`; a key that is not a string names none. */
export async function leaveKeyRoom(
  socket: ClientSocket,
  key: unknown,
  room: (key: string) => string,
): Promise<void> {
  if (typeof key === 'string') await socket.leave(room(key));
}
