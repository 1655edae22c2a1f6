// `npm run bench -- --against <ref>`: that ref checked out in a temporary git worktree beside this
// one, with this tree's node_modules linked in, and built as `npm start` would build it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "../lib/processes";

export type AgainstTree = { dir: string; label: string; remove: () => void };

const git = (...argv: string[]) => execFileSync("git", ["-C", root, ...argv], { encoding: "utf8" }).trim();

export function buildAgainst(ref: string, log: (m: string) => void): AgainstTree {
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const label = `${ref} (${commit.slice(0, 9)})`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "crewswap-against-"));
  log(`checking out ${label} in ${dir} …`);
  git("worktree", "add", "--detach", "--force", dir, commit);
  const remove = () => {
    try {
      git("worktree", "remove", "--force", dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git("worktree", "prune");
    }
  };
  try {
    symlinkSync(realpathSync(path.join(root, "node_modules")), path.join(dir, "node_modules"), "dir");
    log(`building ${label} …`);
    execFileSync(process.execPath, [path.join(dir, "scripts/ensure-build.mjs")], { cwd: dir, stdio: "ignore" });
  } catch (err) {
    remove();
    throw new Error(`could not build ${label}: ${(err as Error).message}`);
  }
  return { dir, label, remove };
}
