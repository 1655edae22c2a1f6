/** The look of a select's trigger, shared with read-only views that show a value the same way. */
export const selectTriggerClassName =
  "flex h-11 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-base text-foreground shadow-xs disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-2 aria-invalid:border-destructive data-[placeholder]:text-muted-foreground [&>span]:line-clamp-1";
