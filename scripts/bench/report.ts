// The table `npm run bench` prints of the families' figures.
import { ms } from "./config";

export function printTable(fams: Record<string, any>) {
  const head = [
    "family",
    "rate",
    "done/s",
    "p50",
    "p99",
    "max",
    "err",
    "burst p99",
    "bare p99",
    "sql p50",
    "sql p99",
    "p99/bare",
    "p50/sql",
  ];
  const rows = Object.entries(fams).map(([name, r]) =>
    r.status !== "ok"
      ? [name, r.status, "", "", "", "", "", "", "", "", "", "", ""]
      : [
          name,
          String(r.rate),
          String(r.achievedRate),
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
          String(r.errors + r.non2xx + (r.dropped ?? 0)),
          ms(r.autocannon?.p99),
          ms(r.bare.p99),
          ms(r.sql?.p50),
          ms(r.sql?.p99),
          r.ratio.p99ToBare === null ? "–" : `${r.ratio.p99ToBare}×`,
          r.ratio.p50ToSql === null ? "–" : `${r.ratio.p50ToSql}×`,
        ],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log("");
  console.log(
    "HTTP figures in ms: 2xx latency at a steady rate from a second process over loopback, timed from when each request " +
      "was due; 'burst' is autocannon's overallRate (each second's share sent at once); 'bare' a constant-JSON Fastify " +
      "route at the same rate; 'sql' the endpoint's own statements run directly on the database",
  );
  console.log(fmt(head));
  for (const r of rows) console.log(fmt(r));
}
