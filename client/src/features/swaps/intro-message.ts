import { coveredShiftType } from "@common/swap-rules";
import { format, parseISO } from "date-fns";
import { shiftTimesText } from "@/lib/shift-times";

type IntroShift = { date: string; shiftType: string; startTime: string | null; endTime: string | null };

const label = (t: string) => (t === "day" ? "Day Shift" : t === "night" ? "Night Shift" : t);
const times = (s: IntroShift) => shiftTimesText(s);
const longDay = (d: string) => format(parseISO(d), "EEEE, MMMM do, yyyy");

/**
 * The wizard's editable introductory message (SPEC §4): a greeting, the shift's date and time,
 * the coverage shifts offered in return, and a sign-off with the requester's first name.
 */
export function introMessage(opts: {
  responderFirstName: string | null;
  requesterFirstName: string;
  shift: IntroShift;
  offers: IntroShift[];
}): string {
  const { shift, offers } = opts;
  const lines = [`Hi ${opts.responderFirstName ?? "there"},`, ""];
  lines.push(
    `I'm looking to swap my ${label(shift.shiftType)} on ${longDay(shift.date)} (${times(shift)}).`,
    opts.responderFirstName
      ? "I saw you have an Available Off Day then. Would you be able to work it?"
      : "Would anyone with an Available Off Day that date be able to work it?",
  );
  if (offers.length > 0) {
    lines.push("", `In return, I can cover ${offers.length === 1 ? "this shift" : "one of these shifts"} for you:`);
    for (const o of offers) lines.push(`- ${longDay(o.date)}, ${label(coveredShiftType(o))} (${times(o)})`);
  }
  lines.push("", "Thanks,", opts.requesterFirstName);
  return lines.join("\n");
}
