import { expect, it } from "vitest";
import { nodeVersionProblem } from "../../server/node-version";

it("says nothing on the supported Node 22 and 24", () => {
  expect(nodeVersionProblem("22.12.0")).toBeNull();
  expect(nodeVersionProblem("24.9.0")).toBeNull();
});

it("warns on Node 20 and refuses anything older, in one line naming the version", () => {
  expect(nodeVersionProblem("20.19.1")).toEqual({
    fatal: false,
    message: "Node 20.19.1 is past its end of life; CrewSwap supports Node 22 and 24 LTS: upgrade Node soon",
  });
  expect(nodeVersionProblem("18.20.4")).toEqual({
    fatal: true,
    message: "Node 18.20.4 is too old; CrewSwap needs Node 22 or 24 LTS: install one and start again",
  });
  expect(nodeVersionProblem("20.11.0")?.fatal).toBe(true);
});

it("warns on a Node 22 older than package.json's engines allow", () => {
  expect(nodeVersionProblem("22.11.0")).toEqual({
    fatal: false,
    message: "Node 22.11.0 is older than CrewSwap supports (22.12 or later, or 24 LTS): upgrade Node soon",
  });
});
