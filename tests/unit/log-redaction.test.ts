import { DrizzleQueryError } from "drizzle-orm/errors";
import { DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { errorForLog } from "../../server/security/log-redaction";

describe("errors in the log", () => {
  it("keep a failed query's SQL but not its values, nor PostgreSQL's detail quoting a key", () => {
    const cause = new DatabaseError('duplicate key value violates unique constraint "users_email_unique"', 0, "error");
    cause.code = "23505";
    cause.detail = "Key (email)=(ann.marker@nhs.net) already exists.";
    const err = new DrizzleQueryError(
      'insert into "users" ("email", "password") values ($1, $2)',
      ["ann.marker@nhs.net", "hash-marker-9f2c"],
      cause,
    );
    const logged = JSON.stringify(errorForLog(err));
    expect(logged).toContain('insert into \\"users\\" (\\"email\\", \\"password\\") values ($1, $2)');
    expect(logged).toContain("params: [redacted]");
    expect(logged).toContain("duplicate key value violates unique constraint");
    expect(logged).not.toContain("ann.marker");
    expect(logged).not.toContain("hash-marker-9f2c");
    // PostgreSQL's own error, logged as it is (a query on a pool of our own).
    const own = JSON.stringify(errorForLog(cause));
    expect(own).toContain("23505");
    expect(own).not.toContain("ann.marker");
    // The error itself is left as it was, for whoever handles it after the log.
    expect(err.params).toEqual(["ann.marker@nhs.net", "hash-marker-9f2c"]);
  });
});
