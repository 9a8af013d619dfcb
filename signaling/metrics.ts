/** Why a message from or to a client was dropped (a label of the drops metric). */
export type DropReason =
  | 'rate_limit'
  | 'malformed'
  | 'topic_limit'
  | 'slow_consumer'
  | 'error'
  /** A relayed frame or an enter the relay refused: not entered, unknown target, peer taken, or the relay is off. */
  | 'relay_refused'
  /** A relayed frame from a connection over its relay budget (or its room's). */
  | 'relay_budget';

/** What the relay of links' frames carried, and how many connections it cut for going over budget. */
export type FrameRelayStats = { frames: number; bytes: number; cuts: number };

/** A hub's gauges and its counters since it started. */
export type HubStats = {
  connections: number;
  topics: number;
  messagesIn: number;
  messagesOut: number;
  /** Beacons published (closing pages' last words). */
  beacons: number;
  dropped: Record<DropReason, number>;
  /** Absent while the relay is off (RELAY=off). */
  relay?: FrameRelayStats;
};

/** A cross-instance relay's state and its counters since it started. */
export type RelayStats = {
  up: boolean;
  /** Topics this instance listens to on the relay. */
  topics: number;
  published: number;
  received: number;
  /** Publishes not relayed (the relay was down or refused) plus relayed ones that were malformed. */
  dropped: number;
};

/** The Content-Type of the Prometheus text exposition format. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type Sample = { labels?: Record<string, string>; value: number };
type Family = { name: string; type: 'gauge' | 'counter'; help: string; samples: Sample[] };

/** Renders the hub's (and relay's, when there is one) figures and the process memory in the Prometheus text format. */
export function renderMetrics(
  hub: HubStats,
  relay: RelayStats | undefined,
  memory: NodeJS.MemoryUsage = process.memoryUsage(),
): string {
  const one = (value: number): Sample[] => [{ value }];
  const families: Family[] = [
    {
      name: 'signaling_connections',
      type: 'gauge',
      help: 'Open WebSocket connections.',
      samples: one(hub.connections),
    },
    {
      name: 'signaling_topics',
      type: 'gauge',
      help: 'Rooms with at least one local subscriber.',
      samples: one(hub.topics),
    },
    {
      name: 'signaling_messages_received_total',
      type: 'counter',
      help: 'WebSocket messages received from clients.',
      samples: one(hub.messagesIn),
    },
    {
      name: 'signaling_messages_sent_total',
      type: 'counter',
      help: 'WebSocket messages sent to clients.',
      samples: one(hub.messagesOut),
    },
    {
      name: 'signaling_beacons_total',
      type: 'counter',
      help: "Beacons (closing pages' last words) published.",
      samples: one(hub.beacons),
    },
    {
      name: 'signaling_messages_dropped_total',
      type: 'counter',
      help: 'Messages dropped, by reason.',
      samples: Object.entries(hub.dropped).map(([reason, value]) => ({ labels: { reason }, value })),
    },
  ];
  if (hub.relay) families.push(...frameRelayFamilies(hub.relay));
  if (relay) families.push(...relayFamilies(relay));
  families.push(
    {
      name: 'process_resident_memory_bytes',
      type: 'gauge',
      help: 'Resident memory size in bytes.',
      samples: one(memory.rss),
    },
    {
      name: 'nodejs_heap_size_used_bytes',
      type: 'gauge',
      help: 'V8 heap in use, in bytes.',
      samples: one(memory.heapUsed),
    },
  );
  return families.map(renderFamily).join('');
}

function frameRelayFamilies(relay: FrameRelayStats): Family[] {
  return [
    {
      name: 'signaling_relayed_frames_total',
      type: 'counter',
      help: 'Link frames relayed between peers that could not link directly.',
      samples: [{ value: relay.frames }],
    },
    {
      name: 'signaling_relayed_bytes_total',
      type: 'counter',
      help: 'Bytes of link frames relayed (their payloads).',
      samples: [{ value: relay.bytes }],
    },
    {
      name: 'signaling_relay_cuts_total',
      type: 'counter',
      help: "Connections whose relay was cut for going over their budget or their room's.",
      samples: [{ value: relay.cuts }],
    },
  ];
}

function relayFamilies(relay: RelayStats): Family[] {
  return [
    {
      name: 'signaling_redis_up',
      type: 'gauge',
      help: '1 while Redis relays publishes.',
      samples: [{ value: relay.up ? 1 : 0 }],
    },
    {
      name: 'signaling_redis_topics',
      type: 'gauge',
      help: 'Rooms this instance listens to on Redis.',
      samples: [{ value: relay.topics }],
    },
    {
      name: 'signaling_redis_published_total',
      type: 'counter',
      help: 'Publishes handed to Redis for other instances.',
      samples: [{ value: relay.published }],
    },
    {
      name: 'signaling_redis_received_total',
      type: 'counter',
      help: 'Publishes received from other instances through Redis.',
      samples: [{ value: relay.received }],
    },
    {
      name: 'signaling_redis_dropped_total',
      type: 'counter',
      help: 'Publishes not relayed while Redis was down, or malformed ones received.',
      samples: [{ value: relay.dropped }],
    },
  ];
}

function renderFamily(f: Family): string {
  const lines = [`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`];
  for (const s of f.samples) lines.push(`${f.name}${renderLabels(s.labels)} ${s.value}`);
  return `${lines.join('\n')}\n`;
}

function renderLabels(labels: Record<string, string> | undefined): string {
  if (!labels) return '';
  const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `{${Object.entries(labels)
    .map(([k, v]) => `${k}="${escape(v)}"`)
    .join(',')}}`;
}
