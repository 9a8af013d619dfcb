/**
 * Peer ids name a browser tab as `${browserId}-${tabId}`. The browser part lets the WebRTC adapter skip
 * tabs of its own browser, which BroadcastChannel already reaches: automerge-repo 2.5.6 routes a peer
 * through the first adapter that announced it and forgets the route when any adapter drops it.
 */

/** A peer id built from a per-profile browser id and a per-tab id; browserIdOf recovers the first part. */
export function makePeerId(browserId: string, tabId: string): string {
  if (browserId.length === 0 || browserId.includes('-'))
    throw new Error(`browserId must be non-empty without '-': ${browserId}`);
  return `${browserId}-${tabId}`;
}

/** The browser part of a peer id; an id without '-' is its own browser. */
export function browserIdOf(peerId: string): string {
  const dash = peerId.indexOf('-');
  return dash === -1 ? peerId : peerId.slice(0, dash);
}

/** True when both peer ids belong to the same browser profile. */
export function isSameBrowser(a: string, b: string): boolean {
  return browserIdOf(a) === browserIdOf(b);
}
