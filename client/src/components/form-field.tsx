import type { ComponentProps, ReactNode } from "react";
import { FieldMessage } from "@/components/ui/field-message";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** What a field's control needs to be announced with its label and its message. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FieldFrameProps = {
  /** The control's id; the message under it is `${id}-error`. */
  id: string;
  label: ReactNode;
  /** The validation message; nothing is drawn while there is none. */
  error?: string;
  /** Marks the control invalid; follows `error` unless given (a message may be drawn elsewhere). */
  invalid?: boolean;
  /** Ids of further text describing the control (a hint, a warning), read after the message. */
  describedBy?: Array<string | false | null | undefined>;
  /** Drawn between the control and the message, such as a hint that stays. */
  hint?: ReactNode;
  /** Drawn after the message, such as a warning about the value. */
  footer?: ReactNode;
  /** The column's classes, merged over `flex flex-col gap-2`. */
  className?: string;
};

function controlProps({ id, error, invalid, describedBy = [] }: FieldFrameProps): FieldControlProps {
  const ids = [error ? `${id}-error` : undefined, ...describedBy].filter(Boolean);
  return {
    id,
    "aria-invalid": (invalid ?? Boolean(error)) ? true : undefined,
    "aria-describedby": ids.length > 0 ? ids.join(" ") : undefined,
  };
}

/**
 * A labelled form field: the label, the control, and its validation message below it, tied
 * together for assistive technology. The control is drawn by `children` from the props it gets, so
 * a select, a password input or a composite control fits as well as a plain input.
 */
export function FormField({
  children,
  ...frame
}: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-2", frame.className)}>
      <Label htmlFor={frame.id}>{frame.label}</Label>
      {children(controlProps(frame))}
      {frame.hint}
      <FieldMessage id={`${frame.id}-error`}>{frame.error}</FieldMessage>
      {frame.footer}
    </div>
  );
}

/** A labelled text input with its validation message; other props go to the input. */
export function TextField({
  id,
  label,
  error,
  invalid,
  describedBy,
  hint,
  footer,
  className,
  ...input
}: FieldFrameProps & Omit<ComponentProps<typeof Input>, "id">) {
  return (
    <FormField {...{ id, label, error, invalid, describedBy, hint, footer, className }}>
      {(control) => <Input {...control} {...input} />}
    </FormField>
  );
}
