import { useEffect } from 'react';
import {
  activityKey,
  SocketEvent,
  type ActivityReorg,
  type HistoryProgress,
  type TransfersIndexed,
} from '@nexus/contract';
import { onSocket, type NexusSocket } from './socket-client';
import { channelSlot, countedRooms, deferredChannel, listenOn, type ListenerEvents } from './socket-rooms';
import { useLatest } from './use-latest';

/** The transfer index's live side: a room per activity key (socket.io in the app, a fake in tests). */
export interface ActivityChannel {
  follow(key: string): void;
  unfollow(key: string): void;
  /** Registers for every activity event; returns the function that removes the listener. */
  listen(listener: ActivityListener): () => void;
}

export interface ActivityListener {
  /** The index stored transfers of a followed collection or wallet (its key is the event's). */
  transfers: (event: TransfersIndexed) => void;
  /** A reorganisation undid blocks of a network one of the followed keys is on. */
  reorg: (event: ActivityReorg) => void;
  /** A followed collection's history, read on demand where the network's index is off, moved on. */
  history?: (event: HistoryProgress) => void;
}

const ACTIVITY_EVENTS: ListenerEvents<ActivityListener> = {
  transfers: SocketEvent.Transfers,
  reorg: SocketEvent.Reorg,
  history: SocketEvent.History,
};

/** Activity rooms over the tab's socket; followed again after a reconnect (the server forgets them). */
export function createSocketActivityChannel(socket: NexusSocket): ActivityChannel {
  const rooms = countedRooms(socket, SocketEvent.ActivitySubscribe, SocketEvent.ActivityUnsubscribe);
  return {
    follow(key) {
      // Buffered while the socket connects; sent again after a reconnect.
      if (rooms.add(key)) socket.emit(SocketEvent.ActivitySubscribe, key);
    },
    unfollow: (key) => rooms.remove(key),
    listen: (listener) => listenOn(socket, ACTIVITY_EVENTS, listener),
  };
}

/** An activity channel usable at once over one that arrives later (the socket's): see deferredChannel. */
export function deferredActivityChannel(ready: () => Promise<ActivityChannel>): ActivityChannel {
  const { later, listen } = deferredChannel(ready);
  return {
    follow: (key) => later((live) => live.follow(key)),
    unfollow: (key) => later((live) => live.unfollow(key)),
    listen,
  };
}

const slot = channelSlot(() => deferredActivityChannel(onSocket(createSocketActivityChannel)));

export const getActivityChannel: () => ActivityChannel = slot.get;

/** Puts another channel in place of the socket (component tests, which have no server); null restores it. */
export const setActivityChannel: (next: ActivityChannel | null) => void = slot.set;

/**
 * Follows an activity key while mounted (null: none): `transfers` and `history` hear the key's own
 * events, `reorg` the reorganisations of its network.
 */
export function useActivityRoom(key: string | null, listener: ActivityListener): void {
  const latest = useLatest(listener);
  useEffect(() => {
    if (key === null) return;
    const network = key.split(':')[1];
    const live = getActivityChannel();
    const stop = live.listen({
      transfers: (event) => {
        if (event.key === key) latest.current.transfers(event);
      },
      reorg: (event) => {
        if (event.network === network) latest.current.reorg(event);
      },
      history: (event) => {
        if (activityKey('collection', event.network, event.contract) === key) latest.current.history?.(event);
      },
    });
    live.follow(key);
    return () => {
      stop();
      live.unfollow(key);
    };
  }, [key, latest]);
}
