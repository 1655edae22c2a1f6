import { describe, expect, it } from "vitest";
import { describeDevice } from "../../server/auth/device";

describe("the label of a signed-in device", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Safari on iOS",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64) Weird/1.0", "Unknown browser on Linux"],
    ["Mozilla/5.0 (X11; Linux x86_64)", "Unknown browser on Linux"],
    ["SomethingNobodyKnows", "Unknown browser"],
    ["curl/8.5.0", "Unknown browser"],
  ])("%s is '%s'", (userAgent, label) => {
    expect(describeDevice(userAgent)).toBe(label);
  });

  it("is 'Unknown device' without a User-Agent", () => {
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice("")).toBe("Unknown device");
  });
});
