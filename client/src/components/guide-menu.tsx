import { BookOpen, ChevronDown } from "lucide-react";
import { useLocation } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** What a working-time warning on a swap means (DESIGN §5.18), as the Guide menu says it. */
export const REST_WARNINGS_SHORT =
  "A warning means the swap leaves someone short of rest (11 h between shifts, 24 h off a week, 48 h average week). You can still agree; your service's rest policy may need your manager's agreement. A warning sign on a shift in your calendar means your roster already leaves you short of rest there.";

export const guideSteps = [
  {
    title: "Keep your roster up to date",
    text: "Add shifts on your Schedule or import your GRS spreadsheet.",
    href: "/calendar",
  },
  { title: "Mark Available Off Days", text: "Flag the rest days you would work in a swap.", href: "/calendar" },
  { title: "Browse hubs", text: "See which colleagues are looking for swaps.", href: "/swap-requests" },
  { title: "Request a swap", text: "Pick your shift and a colleague with a matching off day.", href: "/swap-requests" },
  {
    title: "Check the rest warnings",
    text: REST_WARNINGS_SHORT,
    href: "/swap-requests",
  },
  {
    title: "Agree in the chat",
    text: "Talk it through; you both press Agree below the conversation.",
    href: "/messages",
  },
  {
    title: "Also submit the swap on GRS",
    text: "CrewSwap does not change GRS: submit the agreed swap there too.",
    href: "/profile",
  },
] as const;

export function GuideMenu() {
  const [, navigate] = useLocation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="inline-flex h-10 items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 text-base font-semibold text-white hover:bg-primary-hover data-[state=open]:bg-primary-dark lg:px-3">
        <BookOpen aria-hidden="true" className="hidden size-4 lg:block" />
        Guide
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel>How to swap a shift</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {guideSteps.map((step, index) => (
          <DropdownMenuItem key={step.title} onSelect={() => navigate(step.href)} className="items-start">
            <span
              aria-hidden="true"
              className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="flex flex-col gap-0.5">
              <span className="font-semibold">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </span>
              <span className="text-sm text-muted-foreground">{step.text}</span>
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
