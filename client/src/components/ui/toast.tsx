import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type * as React from "react";
import { useRef } from "react";
import { cn } from "@/lib/utils";
import { useToastPlacement } from "./use-toast-placement";

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({
  className,
  active,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Viewport> & {
  /** A toast is showing or fading out. */ active: boolean;
}) {
  const ref = useRef<HTMLOListElement>(null);
  useToastPlacement(ref, active);
  return (
    // Under 768px it starts just above the bottom tab bar and moves where it hides no control.
    // The list lets taps through its padding; only the toast itself takes them.
    <ToastPrimitive.Viewport
      ref={ref}
      className={cn(
        "pointer-events-none fixed bottom-[calc(4rem+env(safe-area-inset-bottom))] z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none md:right-0 md:bottom-0 md:max-w-[420px]",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg data-[state=open]:animate-slide-in data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[state=closed]:opacity-0 transition-opacity",
  {
    variants: {
      variant: {
        default: "border-border border-l-4 border-l-success bg-card text-foreground",
        destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type ToastProps = React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>;

export function Toast({ className, variant, ...props }: ToastProps) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        "inline-flex h-9 shrink-0 items-center justify-center rounded-md border border-border bg-transparent px-3 text-sm font-semibold hover:bg-muted group-[.destructive]:border-white/60 group-[.destructive]:hover:bg-white/10",
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close notification"
      className={cn(
        "absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground group-[.destructive]:text-white group-[.destructive]:hover:bg-white/15",
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn("text-base font-bold", className)} {...props} />;
}

export function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn("text-sm", className)} {...props} />;
}

export type ToastActionElement = React.ReactElement<typeof ToastAction>;
