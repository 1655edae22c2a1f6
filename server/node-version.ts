/** The oldest Node this code runs on at all, and the oldest still supported (package.json engines). */
const RUNS_FROM = [20, 19];
const SUPPORTED_FROM = 22;

/**
 * One line about the running Node when it is older than supported, or null. `fatal` when the code
 * would not run, so the operator reads this rather than a stack trace.
 */
export function nodeVersionProblem(version = process.versions.node): { fatal: boolean; message: string } | null {
  const [major, minor] = version.split(".").map(Number);
  if (major >= SUPPORTED_FROM) return null;
  const runs = major > RUNS_FROM[0] || (major === RUNS_FROM[0] && minor >= RUNS_FROM[1]);
  return {
    fatal: !runs,
    message: runs
      ? `Node ${version} is past its end of life; CrewSwap supports Node 22 and 24 LTS: upgrade Node soon`
      : `Node ${version} is too old; CrewSwap needs Node 22 or 24 LTS: install one and start again`,
  };
}
