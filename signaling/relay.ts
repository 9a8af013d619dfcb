import type { Topic } from '../protocol/signaling.ts';

/** A link to the other instances of a deployment. Its methods never throw: a relay that is down drops. */
export interface TopicRelay {
  /** Hands a serialised publish to the other instances, for their subscribers of topic; false when it was dropped. */
  publish(topic: Topic, text: string): boolean;
  /** The first local subscriber of topic arrived: receive its publishes from other instances from now on. */
  watch(topic: Topic): void;
  /** The last local subscriber of topic left. */
  unwatch(topic: Topic): void;
}
