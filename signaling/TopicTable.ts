import type { Topic } from '../protocol/signaling.ts';

/** What a topic table tells its owner: a topic gained its first subscriber, or lost its last. */
export type TopicHooks = { opened(topic: Topic): void; closed(topic: Topic): void };

/** Subscribers per topic; a topic exists exactly while it has a subscriber. */
export class TopicTable<S> {
  readonly #topics = new Map<Topic, Set<S>>();
  readonly #hooks: TopicHooks | undefined;

  /** hooks hear of each topic's first subscriber and last departure (a cross-instance relay follows them). */
  constructor(hooks?: TopicHooks) {
    this.#hooks = hooks;
  }

  /** Topics with at least one subscriber. */
  get size(): number {
    return this.#topics.size;
  }

  /** The subscribers of a topic, or undefined when it has none. */
  subscribers(topic: Topic): ReadonlySet<S> | undefined {
    return this.#topics.get(topic);
  }

  /** Adds a subscriber; adding one twice changes nothing. */
  add(topic: Topic, subscriber: S): void {
    const subscribers = this.#topics.get(topic);
    if (subscribers) {
      subscribers.add(subscriber);
      return;
    }
    this.#topics.set(topic, new Set([subscriber]));
    this.#hooks?.opened(topic);
  }

  /** Removes a subscriber; removing one that is not there changes nothing. */
  remove(topic: Topic, subscriber: S): void {
    const subscribers = this.#topics.get(topic);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return;
    this.#topics.delete(topic);
    this.#hooks?.closed(topic);
  }
}
