import type { signUpFormSchema } from "@common/auth";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";

export type SignUpInput = z.input<typeof signUpFormSchema>;
export type SignUpOutput = z.output<typeof signUpFormSchema>;
export type SignUpFormApi = UseFormReturn<SignUpInput, unknown, SignUpOutput>;
