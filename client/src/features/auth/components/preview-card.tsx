import { CalendarDays, ShieldCheck, Users } from "lucide-react";

const features = [
  {
    icon: CalendarDays,
    title: "Manage your paramedic shifts",
    text: "Keep your roster in one calendar: add shifts by hand or import your GRS spreadsheet, and mark the rest days you would work.",
  },
  {
    icon: Users,
    title: "Find and request swaps",
    text: "Browse colleagues by hub, see who is looking for a swap and send a request for your shift in a few taps.",
  },
  {
    icon: ShieldCheck,
    title: "Secure, healthcare-focused platform",
    text: "Built for NHS ambulance clinicians: NHS email sign-up, encrypted connections and no patient data.",
  },
];

/** Marketing preview beside the forms; hidden below 768px. */
export function PreviewCard() {
  return (
    <section
      aria-labelledby="preview-title"
      data-testid="preview-card"
      className="hidden flex-col gap-6 rounded-lg bg-primary-dark p-8 text-white shadow-lg md:flex"
    >
      <div className="flex flex-col gap-2">
        <h2 id="preview-title" className="text-2xl font-bold tracking-tight">
          Swap shifts without the phone tag
        </h2>
        <p className="text-base text-[#dbe6f3]">
          CrewSwap brings ambulance crews together to cover shifts fairly and quickly.
        </p>
      </div>
      <ul className="flex flex-col gap-5">
        {features.map((feature) => (
          <li key={feature.title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-white/15">
              <feature.icon aria-hidden="true" className="size-6" />
            </span>
            <span className="flex flex-col gap-1">
              <span className="text-lg font-semibold">{feature.title}</span>
              <span className="text-base text-[#dbe6f3]">{feature.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="border-t border-white/20 pt-4 text-sm text-[#dbe6f3]">
        Agreed swaps must also be submitted on GRS, your employer's rostering system.
      </p>
    </section>
  );
}
