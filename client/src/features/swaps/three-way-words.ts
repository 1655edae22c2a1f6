import { fullName } from "@common/names";
import { coveredShiftType } from "@common/swap-rules";
import type { ThreeWayShift, ThreeWaySwap } from "@common/three-way";
import { formatDay } from "@/lib/format";

/** 'Sat 12 Dec day': the day and whether it is worked as a day or a night. */
const shiftWords = (s: ThreeWayShift) =>
  `${formatDay(s.date, "EEE d MMM")} ${s.shiftType === "night" || s.shiftType === "day" ? s.shiftType : coveredShiftType(s)}`;

/**
 * A three-way swap in the words, from my side: '{B} takes your Sat 12 Dec day · you take
 * {C}'s Thu 17 Dec night · {C} takes {B}'s Tue 15 Dec day'.
 */
export function threeWayWords(swap: ThreeWaySwap): string[] {
  const [me, b, c] = swap.parties;
  return [
    `${fullName(b.user)} takes your ${shiftWords(me.gives)}`,
    `you take ${fullName(c.user)}'s ${shiftWords(me.takes)}`,
    `${fullName(c.user)} takes ${fullName(b.user)}'s ${shiftWords(b.gives)}`,
  ];
}
