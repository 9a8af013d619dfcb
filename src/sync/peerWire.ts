/**
 * What travels over a peer data channel once it is open: first a hello naming the sender (automerge-repo
 * needs a peer id and metadata before it sends anything), then repo messages. Both are cbor-encoded.
 */
import type { Message, PeerMetadata } from '@automerge/automerge-repo/slim';

/** The first frame each side sends: who it is and how it presents itself to the Repo. */
export type HelloWire = { kind: 'hello'; peerId: string; peerMetadata: PeerMetadata };
/**
 * One automerge-repo message without its senderId and targetId: a link joins exactly two peers, so the receiver
 * knows both, and a peer cannot speak for another.
 */
export type RepoWire = { kind: 'repo'; message: Omit<Message, 'senderId' | 'targetId'> };
/** Every data-channel message. */
export type PeerWire = HelloWire | RepoWire;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when v is a hello with a non-empty peer id and object (or absent) metadata. */
export function isHelloWire(v: unknown): v is HelloWire {
  return (
    isObject(v) &&
    v.kind === 'hello' &&
    typeof v.peerId === 'string' &&
    v.peerId.length > 0 &&
    (v.peerMetadata === undefined || v.peerMetadata === null || isObject(v.peerMetadata))
  );
}

/** True when v carries something shaped like an automerge-repo message (a type, and binary data if any). */
export function isRepoWire(v: unknown): v is RepoWire {
  if (!isObject(v) || v.kind !== 'repo' || !isObject(v.message)) return false;
  const m = v.message;
  return typeof m.type === 'string' && (m.data === undefined || m.data instanceof Uint8Array);
}
