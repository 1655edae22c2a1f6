import { describe, expect, test } from "vitest";
import { clearTop } from "../../client/src/components/ui/toast-placement";

const SCREEN = 844;

describe("where a toast goes on a phone", () => {
  test("at the top when nothing is in the way", () => {
    expect(clearTop([], 90, SCREEN)).toBe(8);
  });

  test("at the bottom, just above the lowest control, when the top of the screen has a control", () => {
    const backButton = { top: 50, bottom: 90 };
    const tabBar = { top: 780, bottom: 844 };
    expect(clearTop([backButton, tabBar], 90, SCREEN)).toBe(780 - 8 - 90);
  });

  test("in the free stretch nearest an edge when both ends are taken", () => {
    const controls = [
      { top: 0, bottom: 300 },
      { top: 400, bottom: 500 },
      { top: 620, bottom: 844 },
    ];
    // 300-400 is too short; 500-620 fits and is nearer the bottom than the top.
    expect(clearTop(controls, 90, SCREEN)).toBe(620 - 8 - 90);
  });

  test("overlapping controls count as one", () => {
    const controls = [
      { top: 0, bottom: 500 },
      { top: 100, bottom: 200 },
      { top: 700, bottom: 844 },
    ];
    expect(clearTop(controls, 90, SCREEN)).toBe(700 - 8 - 90);
  });

  test("nowhere when no stretch is tall enough", () => {
    const controls = [
      { top: 0, bottom: 400 },
      { top: 450, bottom: 844 },
    ];
    expect(clearTop(controls, 90, SCREEN)).toBeNull();
  });
});
