// The tables `npm run bench` prints of the families' figures: latency, work per request, and B/A
// with --against. With several runs a figure is their median and the range follows it.
import { ms } from "./config";
import type { PairRatio, Range } from "./runs";

function printRows(title: string, head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log("");
  console.log(title);
  console.log(fmt(head));
  for (const r of rows) console.log(fmt(r));
}

const span = (r: Range | undefined, digits = 1) => (r ? `${r[0].toFixed(digits)}–${r[1].toFixed(digits)}` : "–");
const times = (n: number | null | undefined) => (n === null || n === undefined ? "–" : `${n}×`);
const num = (n: number | null | undefined, digits: number) => (n === null || n === undefined ? "–" : n.toFixed(digits));

export function printTable(fams: Record<string, any>) {
  const head = ["family", "rate", "runs", "done/s", "p50", "p99", "p99 range", "max", "err", "burst p99"];
  head.push("bare p99", "sql p50", "sql p99", "p99/bare", "p50/sql");
  const rows = Object.entries(fams).map(([name, r]) =>
    r.status !== "ok"
      ? [name, r.status, ...head.slice(2).map(() => "")]
      : [
          name,
          String(r.rate),
          String(r.runs),
          String(r.achievedRate),
          ms(r.p50),
          ms(r.p99),
          span(r.p99Range),
          ms(r.max),
          String(r.errors + r.non2xx + (r.dropped ?? 0)),
          ms(r.autocannon?.p99),
          ms(r.bare.p99),
          ms(r.sql?.p50),
          ms(r.sql?.p99),
          times(r.ratio.p99ToBare),
          times(r.ratio.p50ToSql),
        ],
  );
  printRows(
    "HTTP figures in ms: 2xx latency at a steady rate from a second process over loopback, timed from when each " +
      "request was due; with several runs the median run's figure and the range; 'burst' is autocannon's overallRate " +
      "(each second's share sent at once); 'bare' a constant-JSON Fastify route at the same rate; 'sql' the " +
      "endpoint's own statements run directly on the database",
    head,
    rows,
  );
}

export function printWork(fams: Record<string, any>, note: string) {
  const head = ["family", "server ms", "db ms", "cpu ms", "cpu range", "bare ms", "sql ms", "cpu/bare", "cpu/floor"];
  head.push("stmts", "rows", "blocks", "steal", "others", "load");
  const rows = Object.entries(fams).flatMap(([name, r]) => {
    const w = r.work;
    if (r.status !== "ok" || !w) return [];
    return [
      [
        name,
        num(w.serverCpuMs, 3),
        num(w.dbCpuMs, 3),
        num(w.cpuMs, 3),
        span(w.cpuMsRange, 3),
        num(r.bare.cpuMs, 3),
        num(r.sql?.cpuMs, 3),
        times(r.ratio.cpuToBare),
        times(r.ratio.cpuToFloor),
        num(w.calls, 1),
        num(w.rows, 1),
        num(w.blocks, 1),
        w.machine.stealShare === null ? "–" : `${Math.round(w.machine.stealShare * 100)} %`,
        num(w.machine.otherCores, 2),
        num(w.machine.loadAvg1, 1),
      ],
    ];
  });
  printRows(
    "Work per request (medians over the runs): CPU ms of the server process, of its database's client backends, " +
      "both; the bare route's server CPU; the backend CPU of one round of the family's own SQL; 'floor' is " +
      `bare + sql; ${note}. ` +
      "Machine, worst window: CPU steal, cores busy outside the bench, load average",
    head,
    rows,
  );
}

const pair = (p: PairRatio | undefined) => (p?.median ? `${p.median.toFixed(2)} (${span(p.range, 2)})` : "–");

export function printAgainst(fams: Record<string, any>) {
  const head = ["family", "pairs", "A p50", "B p50", "A p99", "B p99", "A cpu ms", "B cpu ms"];
  head.push("B/A p50", "B/A p99", "B/A cpu", "B/A blocks");
  const rows = Object.entries(fams).flatMap(([name, r]) => {
    const b = r.against;
    if (r.status !== "ok" || !b) return [];
    if (!b.ratio) return [[name, b.status, ...head.slice(2).map(() => "")]];
    return [
      [
        name,
        String(b.runs),
        ms(r.p50),
        ms(b.p50),
        ms(r.p99),
        ms(b.p99),
        num(r.work?.cpuMs, 3),
        num(b.work?.cpuMs, 3),
        pair(b.ratio.p50),
        pair(b.ratio.p99),
        pair(b.ratio.cpuMs),
        pair(b.ratio.blocks),
      ],
    ];
  });
  const ref = Object.values(fams).find((r: any) => r.against)?.against.ref ?? "";
  printRows(
    `A is this tree, B is ${ref}, run in turn (A, B, A, B …) on one database: medians, and B/A as the median of the ` +
      "pairs' ratios with their range",
    head,
    rows,
  );
}
