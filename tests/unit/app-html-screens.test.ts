import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SCREENS } from "../../server/http/app-html";

const clientDir = path.resolve(import.meta.dirname, "../../client");

// The first-paint hints name client modules by path; a moved file would silently drop its hint.
describe("the first-paint hints of server/http/app-html.ts", () => {
  it("name client modules that exist", () => {
    const modules = [...new Set(SCREENS.flatMap(([, files]) => files))];
    expect(modules.filter((file) => !existsSync(path.join(clientDir, file)))).toEqual([]);
  });
});
