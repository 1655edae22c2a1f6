import { isCalendarDay } from "@common/dates";
import { timePairIssue } from "@common/shift-rules";
import type { Shift } from "@common/shifts";
import { type FormEvent, useState } from "react";
import { choiceOf, type ShiftChoice } from "@/lib/shift-style";
import { applyChoice, emptyForm, formFromShift, type ShiftFormState } from "../shift-form-rules";
import { SwapChangeQuestion } from "../swap-change-question";

/**
 * The add/edit shift form's state: the values, the note a choice leaves, the error, and the
 * server's question when the day belongs to a swap request (answered by saving again).
 */
export function useShiftForm({
  date,
  editing,
  shifts,
  onSave,
  onClose,
}: {
  date: string;
  editing: Shift | null;
  shifts: Shift[];
  onSave: (form: ShiftFormState, editing: Shift | null, confirmSwapChange?: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const [form, setForm] = useState<ShiftFormState>(() => (editing ? formFromShift(editing) : emptyForm(date)));
  const [message, setMessage] = useState<string | null>(null);
  const { error, setError, saving, question, dismissQuestion, save } = useShiftSave({ form, editing, onSave, onClose });
  const untimed = form.shiftType === "rest_day" || form.shiftType === "annual_leave";

  const choose = (next: ShiftChoice, day = form.date) => {
    const result = applyChoice({ ...form, date: day }, next, {
      sameDayShifts: shifts.filter((s) => s.date === day),
      editing,
    });
    setForm(result.form);
    setMessage(result.message);
    setError(null);
  };

  const changeDate = (day: string) => {
    // The auto-match depends on the day, so a coverage shift looks again on the new day.
    if (form.shiftType === "seeking_coverage" && isCalendarDay(day)) choose("seeking_coverage", day);
    else setForm((f) => ({ ...f, date: day }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDay(form.date)) return setError("Please enter a valid date");
    if (!untimed) {
      const issue = timePairIssue(form);
      if (issue) return setError(issue.message);
    }
    await save(false);
  };

  const change = (patch: Partial<ShiftFormState>) => setForm((f) => ({ ...f, ...patch }));
  const endsNextDay = Boolean(!untimed && form.startTime && form.endTime && form.endTime <= form.startTime);

  return {
    form,
    choice: choiceOf(form),
    untimed,
    endsNextDay,
    message,
    error,
    saving,
    question,
    dismissQuestion,
    choose,
    changeDate,
    change,
    save,
    submit,
  };
}

/** Saving the form: the pending flag, the error, and the server's question about a swap request. */
function useShiftSave({
  form,
  editing,
  onSave,
  onClose,
}: {
  form: ShiftFormState;
  editing: Shift | null;
  onSave: (form: ShiftFormState, editing: Shift | null, confirmSwapChange?: boolean) => Promise<void>;
  onClose: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [question, setQuestion] = useState<string | null>(null);

  const save = async (confirmSwapChange: boolean) => {
    setSaving(true);
    setError(null);
    try {
      await onSave(form, editing, confirmSwapChange);
      onClose();
    } catch (e) {
      if (e instanceof SwapChangeQuestion) setQuestion(e.message);
      else {
        setQuestion(null);
        setError(e instanceof Error ? e.message : "Something went wrong. Please try again.");
      }
    } finally {
      setSaving(false);
    }
  };

  return { error, setError, saving, question, dismissQuestion: () => setQuestion(null), save };
}
