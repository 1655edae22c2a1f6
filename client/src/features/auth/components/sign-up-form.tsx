import { signUpFormSchema } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useSignUp } from "../hooks/use-sign-up";
import type { SignUpInput, SignUpOutput } from "../sign-up-types";
import { EmailField, GradeAndBaseFields, HubNotice, NameFields, PasswordFields } from "./sign-up-fields";
import { SignUpWaiting } from "./sign-up-waiting";

export function SignUpForm({ onWaitingChange }: { onWaitingChange?: (waiting: boolean) => void }) {
  const [waiting, setWaitingState] = useState(false);
  const setWaiting = (value: boolean) => {
    setWaitingState(value);
    onWaitingChange?.(value);
  };

  const form = useForm<SignUpInput, unknown, SignUpOutput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      clinicalGrade: "paramedic",
      paramedicBase: "",
    },
  });
  const { onSubmit, pending } = useSignUp(form, setWaiting);

  return (
    <>
      {waiting && <SignUpWaiting />}
      <form onSubmit={onSubmit} noValidate aria-label="Sign up" className={waiting ? "hidden" : "flex flex-col gap-5"}>
        <NameFields form={form} />
        <EmailField form={form} />
        <PasswordFields form={form} />
        <GradeAndBaseFields form={form} />
        <HubNotice form={form} />
        <Button type="submit" size="lg" className="w-full" disabled={waiting || pending}>
          {pending ? "Signing up..." : "Sign up"}
        </Button>
      </form>
    </>
  );
}
