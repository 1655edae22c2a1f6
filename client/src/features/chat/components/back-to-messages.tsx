import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";

const className =
  "inline-flex items-center gap-1.5 self-start rounded-md text-base font-semibold text-primary underline-offset-4 hover:underline";

/** 'Back to all messages': a link to /messages, or a button when the list is the same screen. */
export function BackToMessages({ onClick }: { onClick?: () => void }) {
  const content = (
    <>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to all messages
    </>
  );
  if (onClick) {
    return (
      <button type="button" onClick={onClick} className={className}>
        {content}
      </button>
    );
  }
  return (
    <Link href="/messages" className={className}>
      {content}
    </Link>
  );
}
