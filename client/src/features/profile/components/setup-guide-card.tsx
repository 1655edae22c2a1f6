import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const steps = [
  {
    title: "Complete your details",
    text: "Check your name, email, base and clinical grade under Personal Information.",
  },
  {
    title: "Set your swap status to urgent",
    text: "Choose 'Urgent - Actively Seeking Swaps' so you appear green to colleagues in Browse Hub.",
  },
  {
    title: "Add or import your shifts",
    text: "Add shifts with the + on a calendar day, or import your roster spreadsheet.",
    link: { href: "/calendar", label: "Open your schedule" },
  },
  {
    title: "Mark your Available Off Days",
    text: "Open a rest day and mark it as an Available Off Day so colleagues can ask you to swap.",
    link: { href: "/calendar", label: "Mark off days" },
  },
] as const;

/** 'Profile Setup Guide': the four things that make a user findable for swaps. */
export function SetupGuideCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Setup Guide</CardTitle>
        <CardDescription>Four steps to start swapping shifts.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <div className="flex flex-col gap-0.5">
                <p className="font-semibold">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
                {"link" in step && (
                  <Link href={step.link.href} className="w-fit text-sm font-semibold text-primary underline">
                    {step.link.label}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
        <section
          aria-labelledby="rest-warnings-title"
          className="mt-5 rounded-md border border-[#f5cc3a] bg-[#fff8e0] p-3 text-sm"
        >
          <h3 id="rest-warnings-title" className="font-semibold">
            Rest warnings on swaps
          </h3>
          <p className="mt-1">
            Before anyone agrees, a swap shows what it does to both people&apos;s rest under the Working Time
            Regulations: less than 11 hours between the end of one shift and the start of the next, no 24 hours off in a
            row in 7 days (or 48 hours in 14), an average week over 48 hours across 17 weeks, or night work averaging
            over 8 hours in 24.
          </p>
          <p className="mt-1">
            They are warnings, not blocks: you can still agree. Under your service&apos;s rest policy, working with less
            rest may need your manager&apos;s agreement and compensatory rest, so check with them first.
          </p>
        </section>
        <p className="mt-3 rounded-md bg-primary-soft p-3 text-sm text-primary-dark">
          After you and a colleague both agree to a swap in CrewSwap, also submit it on GRS: CrewSwap does not change
          your employer's roster.
        </p>
      </CardContent>
    </Card>
  );
}
