/** What the soak noted after one round. Sizes in bytes, heaps in MB, times in ms. */
export type RoundRecord = {
  round: number;
  /** Entries in the Okey log once every page agreed (or gave up waiting). */
  logLength: number;
  /** The room document's saved size, on the first person's page. */
  bytes: number;
  /** What every page present sent on its data channels during the round, New Game and deal included. */
  channelBytes: number;
  /** Whether every page folded the same log to the same table. */
  agreed: boolean;
  /** How many pages were compared. */
  pages: number;
  /** Moves the seated people's pages made (the bots made the rest). */
  personMoves: number;
  /** What else happened after the round: reloads, departures, arrivals. */
  events: string[];
  /** Each page's JS heap after a full GC, by the person's name (every 10 rounds). */
  heap?: Record<string, number>;
  /** Each page's array buffers' backing stores at the same moment (Automerge's wasm memory among them), in MB. */
  buffers?: Record<string, number>;
  reloadMs?: number[];
  lateJoinMs?: number[];
};

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** Prints the soak round by round where something was measured, then what happened between rounds. */
export function printSoakTable(records: readonly RoundRecord[]): void {
  const names = [...new Set(records.flatMap((r) => Object.keys(r.heap ?? {})))];
  const header = [
    'round',
    'log',
    'doc KB',
    'sent KB',
    'agree',
    ...names.map((n) => `${n} MB`),
    'reload ms',
    'late join ms',
  ];
  const rows = records
    .filter((r) => r.heap || r.reloadMs || !r.agreed)
    .map((r) => [
      String(r.round),
      String(r.logLength),
      (r.bytes / 1024).toFixed(1),
      (r.channelBytes / 1024).toFixed(1),
      r.agreed ? 'yes' : 'NO',
      ...names.map((n) => (r.heap?.[n] === undefined ? '' : r.heap[n].toFixed(1))),
      r.reloadMs?.length ? median(r.reloadMs).toFixed(0) : '',
      r.lateJoinMs?.length ? median(r.lateJoinMs).toFixed(0) : '',
    ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  console.log(
    `\nSoak, ${records.length} rounds (every round: ${records.every((r) => r.agreed) ? 'pages agree' : 'SEE "agree"'})`,
  );
  console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
  for (const r of records)
    if (r.events.length) console.log(`  after round ${r.round}: ${r.events.join('; ')}`);
}
