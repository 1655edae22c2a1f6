import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { useNeedsConnection, useOnline } from "@/lib/use-online";
import { cn } from "@/lib/utils";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-base font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover",
        outline: "border border-input bg-card text-foreground shadow-xs hover:bg-muted hover:text-foreground",
        secondary: "bg-primary-soft text-primary-dark hover:bg-[#d2e3f5]",
        ghost: "text-foreground hover:bg-muted",
        link: "text-primary underline underline-offset-4 hover:text-primary-dark hover:decoration-2",
      },
      size: {
        default: "h-11 px-4 py-2",
        sm: "h-9 px-3 text-sm",
        lg: "h-12 px-6 text-lg",
        icon: "size-11",
        inline: "h-auto p-0",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
    /** The press changes data: disabled while offline, saying why. */
    needsConnection?: boolean;
  };

export function Button({ needsConnection, ...props }: ButtonProps) {
  return needsConnection ? <ConnectedButton {...props} /> : <PlainButton {...props} />;
}

function ConnectedButton({ disabled, title, "aria-describedby": describedBy, className, ...props }: ButtonProps) {
  const connection = useNeedsConnection({ disabled, title, "aria-describedby": describedBy });
  // Offline, the pointer still reaches the button so its tooltip can say why it is unavailable.
  const offline = !useOnline();
  return (
    <PlainButton
      {...props}
      {...connection}
      className={cn(offline && "disabled:pointer-events-auto disabled:cursor-not-allowed", className)}
    />
  );
}

function PlainButton({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
