import {
  Repo,
  type NetworkAdapterInterface,
  type PeerId,
  type StorageAdapterInterface,
} from '@automerge/automerge-repo';

/** What a room repo is built from: transports, optional storage and the tab's peer id. */
export type RoomRepoOptions = {
  /** In the browser: [BroadcastChannelNetworkAdapter, WebRtcNetworkAdapter]; in tests an in-memory network. */
  network: NetworkAdapterInterface[];
  /** IndexedDBStorageAdapter in the browser; none keeps the repo in memory. */
  storage?: StorageAdapterInterface;
  /** `${browserId}-${tabId}`; random when omitted. */
  peerId?: PeerId;
};

/** A Repo that shares every room document with every peer it meets. */
export function createRoomRepo({ network, storage, peerId }: RoomRepoOptions): Repo {
  return new Repo({
    network,
    storage,
    peerId,
    sharePolicy: async () => true,
    enableRemoteHeadsGossiping: false,
    // Stored as soon as the previous write is done, not up to 100 ms later: a change received just before a tab
    // closed or reloaded was lost when nobody else held it.
    saveDebounceRate: 0,
  });
}
