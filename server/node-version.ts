/** The oldest Node this code runs on at all, and the oldest supported (package.json engines). */
const RUNS_FROM = [20, 19];
const SUPPORTED_FROM = [22, 12];

const atLeast = (major: number, minor: number, [M, m]: number[]) => major > M || (major === M && minor >= m);

/**
 * One line about the running Node when it is older than supported, or null. `fatal` when the code
 * would not run, so the operator reads this rather than a stack trace.
 */
export function nodeVersionProblem(version = process.versions.node): { fatal: boolean; message: string } | null {
  const [major, minor] = version.split(".").map(Number);
  if (atLeast(major, minor, SUPPORTED_FROM)) return null;
  if (!atLeast(major, minor, RUNS_FROM)) {
    return {
      fatal: true,
      message: `Node ${version} is too old; CrewSwap needs Node 22 or 24 LTS: install one and start again`,
    };
  }
  return {
    fatal: false,
    message:
      major < SUPPORTED_FROM[0]
        ? `Node ${version} is past its end of life; CrewSwap supports Node 22 and 24 LTS: upgrade Node soon`
        : `Node ${version} is older than CrewSwap supports (22.12 or later, or 24 LTS): upgrade Node soon`,
  };
}
