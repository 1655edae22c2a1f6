// Records optional platform packages of other systems (biome, tailwind oxide, …) in package-lock.json
// when `npm install` could not fetch their metadata, so `npm ci` accepts the lock on every machine.
// Run after `npm install`: node scripts/lock-optional-platforms.cjs package-lock.json
const fs = require("node:fs");
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;
let added = 0;
for (const [key, entry] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies || {})) {
    const base = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[base] || pkgs[`node_modules/${name}`]) continue;
    pkgs[`node_modules/${name}`] = { version: range.replace(/^[\^~]/, ""), optional: true };
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added}`);
