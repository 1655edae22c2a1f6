import * as XLSX from "@e965/xlsx";

export type RosterProfile = "wide" | "long";

/** A seeded generator, so every run builds the same rosters. */
function random(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const WORDS =
  "crew station vehicle cover overtime training relief handover patient response rapid hub standby meal break late finish clean restock audit mentor student observer paramedic technician dispatch cardiac trauma welfare debrief fleet defib oxygen stock check sign off".split(
    " ",
  );
const CODES = ["D", "N", "LD", "E", "L", "RD", "OFF", "AL"];
const TIMES: Record<string, [string, string] | null> = {
  D: ["07:00", "19:00"],
  LD: ["07:00", "19:00"],
  E: ["06:00", "14:00"],
  L: ["14:00", "22:00"],
  N: ["19:00", "07:00"],
  RD: null,
  OFF: null,
  AL: null,
};

const serial = (day: Date) => Math.round((day.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000);

/** Builds a roster for one clinician of about `targetBytes`, padded with the text columns real exports carry. */
export function buildRoster(
  profile: RosterProfile,
  targetBytes: number,
): { bytes: Buffer; rows: number; sheets: number } {
  // 'long' fills the row limit across sheets; 'wide' keeps four years of days and lets the text grow.
  const sheets = profile === "long" ? 10 : 4;
  const perSheet = profile === "long" ? 2000 : 365;
  // One build at a guessed note length, then one scaled to land near the target size.
  const first = writeRoster(profile, sheets, perSheet, 20);
  const fixed = writeRoster(profile, sheets, perSheet, 0).length;
  const perWord = (first.length - fixed) / 20;
  const noteWords = Math.max(0, Math.floor((targetBytes - fixed) / perWord));
  return { bytes: writeRoster(profile, sheets, perSheet, noteWords), rows: sheets * perSheet, sheets };
}

function writeRoster(profile: RosterProfile, sheets: number, perSheet: number, noteWords: number): Buffer {
  const next = random(profile === "wide" ? 7 : 11);
  const words = (n: number) =>
    Array.from({ length: n }, () => `${WORDS[Math.floor(next() * WORDS.length)]}${Math.floor(next() * 1000)}`).join(
      " ",
    );
  const book = XLSX.utils.book_new();
  const start = Date.UTC(2030, 0, 1);
  for (let s = 0; s < sheets; s++) {
    const aoa: unknown[][] = [
      ["Ambulance Service NHS Trust: duty roster export"],
      [`Staff: A Morgan · Sheet ${s + 1} of ${sheets}`],
      [],
      [
        "Duty Date",
        "Day",
        "Duty",
        "Start Time",
        "End Time",
        "Hours",
        "Station",
        "Callsign",
        "Crew Mate",
        "Role",
        "Pay Code",
        "Comments",
      ],
    ];
    for (let r = 0; r < perSheet; r++) {
      const day = new Date(start + (s * perSheet + r) * 86_400_000);
      const code = CODES[Math.floor(next() * CODES.length)];
      const times = TIMES[code];
      aoa.push([
        { t: "n", v: serial(day), z: "dd/mm/yyyy" },
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][day.getUTCDay()],
        code,
        times?.[0] ?? "",
        times?.[1] ?? "",
        times ? 12 : 0,
        words(2),
        `AMB${Math.floor(next() * 900) + 100}`,
        words(2),
        words(1),
        words(1),
        words(noteWords),
      ]);
    }
    const sheet = XLSX.utils.aoa_to_sheet(aoa.map((r) => r.map((v) => (v && typeof v === "object" ? null : v))));
    aoa.forEach((r, ri) => {
      const v = r[0];
      if (v && typeof v === "object") sheet[XLSX.utils.encode_cell({ r: ri, c: 0 })] = v as XLSX.CellObject;
    });
    XLSX.utils.book_append_sheet(book, sheet, `Roster ${s + 1}`);
  }
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
