/** The twelve hubs stored on a user (SPEC §3). */
export const hubs = [
  "Bromsgrove Hub",
  "Coventry Hub",
  "Dudley Hub",
  "Erdington Hub",
  "Hollymoor Hub",
  "Lichfield Hub",
  "Sandwell Hub",
  "Shrewsbury Hub",
  "Stafford Hub",
  "Stoke Hub",
  "Warwick Hub",
  "Willenhall Hub",
] as const;
export type Hub = (typeof hubs)[number];

export const ALL_HUBS = "All Hubs";
export const hubChoices = [ALL_HUBS, ...hubs] as const;

/** Bases offered at sign-up and on the profile (SPEC §3). */
export const paramedicBases = [
  "Bromsgrove",
  "Coventry",
  "Dudley",
  "Erdington",
  "Hollymoor",
  "Lichfield",
  "Sandwell",
  "Shrewsbury",
  "Stoke",
  "Warwick",
  "Willenhall",
  "Worcester",
] as const;

/** Bromsgrove, Worcester and anything unknown belong to Coventry Hub; others to their own hub. */
export function hubForBase(base: string | null | undefined): Hub {
  const name = (base ?? "").trim();
  if (name === "Bromsgrove" || name === "Worcester") return "Coventry Hub";
  const candidate = `${name} Hub`;
  return (hubs as readonly string[]).includes(candidate) ? (candidate as Hub) : "Coventry Hub";
}
