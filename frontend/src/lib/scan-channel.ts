import {
  SocketEvent,
  type HistoryProgress,
  type MetadataFilled,
  type ScanCompleted,
  type ScanFailed,
  type ScanProgress,
} from '@nexus/contract';
import { onSocket, type NexusSocket } from './socket-client';
import { channelSlot, countedRooms, deferredChannel, listenOn, type ListenerEvents } from './socket-rooms';

export interface ScanListener {
  progress: (progress: ScanProgress) => void;
  completed: (event: ScanCompleted) => void;
  failed: (event: ScanFailed) => void;
  /** Tokens of a stored collection got their metadata in the background (the collection's room). */
  metadataFilled?: (event: MetadataFilled) => void;
  /** A scanned collection's transfer history, read on demand where the network's index is off, moved on. */
  history?: (event: HistoryProgress) => void;
}

/** The live side of a scan or rarity job: a room per key (socket.io in the app, a fake in tests). */
export interface ScanChannel {
  /** Joins the key's room; resolves with the job's current progress, or null (unknown or no answer in time). */
  subscribe(key: string): Promise<ScanProgress | null>;
  unsubscribe(key: string): void;
  /** Registers for every scan event; returns the function that removes the listener. */
  listen(listener: ScanListener): () => void;
}

const SCAN_EVENTS: ListenerEvents<ScanListener> = {
  progress: SocketEvent.Progress,
  completed: SocketEvent.Completed,
  failed: SocketEvent.Failed,
  metadataFilled: SocketEvent.MetadataFilled,
  history: SocketEvent.History,
};

const SUBSCRIBE_ACK_TIMEOUT_MS = 3000;

/** Scan rooms over socket.io; rooms are joined again after a reconnect (the server forgets them). */
export function createSocketScanChannel(socket: NexusSocket): ScanChannel {
  const rooms = countedRooms(socket, SocketEvent.Subscribe, SocketEvent.Unsubscribe);

  return {
    subscribe(key) {
      rooms.add(key);
      // Asked on every subscribe, joined or not: the answer is the job's current progress.
      return new Promise<ScanProgress | null>((resolve) => {
        // No answer in time (socket still connecting): carry on without; the emit stays buffered.
        const timer = setTimeout(() => resolve(null), SUBSCRIBE_ACK_TIMEOUT_MS);
        socket.emit(SocketEvent.Subscribe, key, (answer) => {
          clearTimeout(timer);
          resolve(answer?.progress ?? null);
        });
      });
    },
    unsubscribe(key) {
      rooms.remove(key);
    },
    listen: (listener) => listenOn(socket, SCAN_EVENTS, listener),
  };
}

/**
 * A scan channel usable at once over one that arrives later (the socket's): see deferredChannel.
 * Should the fetch fail, `subscribe` answers null, as a subscribe the socket could not answer in time.
 */
export function deferredScanChannel(ready: () => Promise<ScanChannel>): ScanChannel {
  const { later, listen } = deferredChannel(ready);
  return {
    subscribe: (key) =>
      ready().then(
        (live) => live.subscribe(key),
        () => null,
      ),
    unsubscribe: (key) => later((live) => live.unsubscribe(key)),
    listen,
  };
}

const slot = channelSlot(() => deferredScanChannel(onSocket(createSocketScanChannel)));

export const getScanChannel: () => ScanChannel = slot.get;

/** Puts another channel in place of the socket (component tests, which have no server); null restores it. */
export const setScanChannel: (next: ScanChannel | null) => void = slot.set;
