import * as A from '@automerge/automerge';
type D = { logs: { okey: A.ImmutableString[] }; snap: Record<string, unknown> };
for (const n of [100, 1000, 4000]) {
  let doc = A.from<D>({ logs: { okey: [] }, snap: { players: [{ rack: [] }, { rack: [] }, { rack: [] }, { rack: [] }], turn: 0 } });
  for (let i = 0; i < n; i++) {
    doc = A.change(doc, (d) => {
      d.logs.okey.push(new A.ImmutableString(JSON.stringify({ id: `abcdefabcdef:${i}`, action: { type: 'okey/tileDiscarded', payload: { tile: `red${i % 13}-0`, signer: { seat: '1', seq: i, key: 'ed25519:' + 'A'.repeat(43) }, signature: 'B'.repeat(86) } } })));
      const p = (d.snap.players as { rack: string[] }[])[i % 4];
      if (p.rack.length > 14) p.rack.splice(0, 1);
      p.rack.push(`t${i}`);
      d.snap.turn = i % 4;
    });
  }
  const bytes = A.save(doc);
  const t = [];
  for (let r = 0; r < 5; r++) { const t0 = performance.now(); A.load<D>(bytes); t.push(performance.now() - t0); }
  t.sort((a, b) => a - b);
  console.log(n, 'entries', Math.round(bytes.length / 1024), 'KB, load ms median', t[2].toFixed(1));
}
