/** The room's ephemeral channel as the world needs it: send to everyone present, hear everyone else. */
export interface EphemeralTopic {
  broadcast(message: unknown): void;
  subscribe(listener: (message: unknown) => void): () => void;
}

/** Where a player stands (feet) and looks, as their tab last said; `gone` when they left the world page. */
export type AvatarPose = {
  clientId: number;
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
  gone?: true;
};

/** The wire shape: namespaced so other games' ephemeral messages never look like avatars. */
export type AvatarMessage = { minecraftAvatar: AvatarPose };

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** True for a well-formed avatar message; anything else on the channel is ignored. */
export function isAvatarMessage(message: unknown): message is AvatarMessage {
  if (typeof message !== 'object' || message === null || !('minecraftAvatar' in message)) return false;
  const p = (message as { minecraftAvatar: unknown }).minecraftAvatar;
  if (typeof p !== 'object' || p === null) return false;
  const pose = p as Record<string, unknown>;
  return (
    finite(pose.clientId) &&
    finite(pose.x) &&
    finite(pose.y) &&
    finite(pose.z) &&
    finite(pose.yaw) &&
    finite(pose.pitch) &&
    (pose.gone === undefined || pose.gone === true)
  );
}

/** A remote player's last pose and when it arrived (by the channel's clock). */
export type HeardAvatar = { pose: AvatarPose; heardAt: number };

/** How the channel paces itself: at most one pose per `intervalMs`, a repeat every `heartbeatMs`, others gone after `timeoutMs`. */
export type AvatarChannelOptions = {
  topic: EphemeralTopic;
  clientId: number;
  now?: () => number;
  intervalMs?: number;
  heartbeatMs?: number;
  timeoutMs?: number;
};

const samePose = (a: AvatarPose, b: AvatarPose) =>
  Math.abs(a.x - b.x) < 1e-3 &&
  Math.abs(a.y - b.y) < 1e-3 &&
  Math.abs(a.z - b.z) < 1e-3 &&
  Math.abs(a.yaw - b.yaw) < 1e-3 &&
  Math.abs(a.pitch - b.pitch) < 1e-3;

/**
 * Players' positions at about 10 updates a second over the room's ephemeral channel, never in the document:
 * sends this tab's pose when it changed (and a heartbeat while still), keeps the latest pose heard from each other tab.
 */
export class AvatarChannel {
  readonly #topic: EphemeralTopic;
  readonly #clientId: number;
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #heartbeatMs: number;
  readonly #timeoutMs: number;
  readonly #heard = new Map<number, HeardAvatar>();
  readonly #listeners = new Set<() => void>();
  readonly #unsubscribe: () => void;
  #sent: { pose: AvatarPose; at: number } | null = null;
  #disposed = false;

  constructor({
    topic,
    clientId,
    now = Date.now,
    intervalMs = 100,
    heartbeatMs = 1000,
    timeoutMs = 4000,
  }: AvatarChannelOptions) {
    this.#topic = topic;
    this.#clientId = clientId;
    this.#now = now;
    this.#intervalMs = intervalMs;
    this.#heartbeatMs = heartbeatMs;
    this.#timeoutMs = timeoutMs;
    this.#unsubscribe = topic.subscribe((message) => this.#receive(message));
  }

  /** Offers this tab's pose; sent only when the interval has passed and it moved, or the heartbeat is due. True when sent. */
  offer(pose: Omit<AvatarPose, 'clientId' | 'gone'>): boolean {
    if (this.#disposed) return false;
    const now = this.#now();
    const full: AvatarPose = { ...pose, clientId: this.#clientId };
    const last = this.#sent;
    if (last && now - last.at < this.#intervalMs) return false;
    if (last && samePose(last.pose, full) && now - last.at < this.#heartbeatMs) return false;
    this.#sent = { pose: full, at: now };
    this.#topic.broadcast({ minecraftAvatar: full } satisfies AvatarMessage);
    return true;
  }

  /** The other players heard within the timeout, by client id. */
  avatars(): ReadonlyMap<number, HeardAvatar> {
    const now = this.#now();
    for (const [id, heard] of this.#heard) if (now - heard.heardAt > this.#timeoutMs) this.#heard.delete(id);
    return this.#heard;
  }

  /** Calls listener whenever a pose arrives or a player goes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Says goodbye (others drop this avatar at once) and stops listening; idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const last = this.#sent?.pose ?? { clientId: this.#clientId, x: 0, y: 0, z: 0, yaw: 0, pitch: 0 };
    this.#topic.broadcast({ minecraftAvatar: { ...last, gone: true } } satisfies AvatarMessage);
    this.#unsubscribe();
    this.#listeners.clear();
    this.#heard.clear();
  }

  #receive(message: unknown): void {
    if (this.#disposed || !isAvatarMessage(message)) return;
    const pose = message.minecraftAvatar;
    if (pose.clientId === this.#clientId) return;
    if (pose.gone) this.#heard.delete(pose.clientId);
    else this.#heard.set(pose.clientId, { pose, heardAt: this.#now() });
    for (const listener of [...this.#listeners]) listener();
  }
}
