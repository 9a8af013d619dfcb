import { meetsTargets, type Figure } from './figure';

const format = (value: number, unit: string): string => {
  if (!Number.isFinite(value)) return '-';
  if (unit === 'B' || unit === 'msg/s') return Math.round(value).toLocaleString('en-US');
  return value < 10 ? value.toFixed(2) : value.toFixed(1);
};

const targetText = (f: Figure) =>
  f.targets?.map((t) => `${t.stat === 'median' ? 'p50' : t.stat} <= ${format(t.max, f.unit)}`).join(', ') ??
  '';

/** The results as a plain-text table: one row per figure, its spread, its target and whether it is met. */
export function renderTable(figures: readonly Figure[]): string {
  const header = ['figure', 'unit', 'median', 'p95', 'min', 'max', 'n', 'target', 'met'];
  const rows = figures.map((f) => {
    const ok = meetsTargets(f);
    const s = f.stats;
    return [
      f.name,
      f.unit,
      format(s.median, f.unit),
      format(s.p95, f.unit),
      format(s.min, f.unit),
      format(s.max, f.unit),
      String(s.n),
      targetText(f),
      ok === null ? '' : ok ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i >= 7 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
