import { LegalDialog, type LegalDialogProps } from "./legal-dialog";

export function TermsDialog(props: LegalDialogProps) {
  return (
    <LegalDialog {...props} title="Terms of Use" updated="June 2025">
      <p>
        These terms apply when you use CrewSwap, a tool that helps ambulance clinicians arrange shift swaps with
        colleagues. By creating an account or signing in you agree to them.
      </p>
      <section className="flex flex-col gap-2">
        <h3>1. Who can use CrewSwap</h3>
        <p>
          CrewSwap is for student paramedics, technicians and paramedics of the ambulance service who sign up with their
          own NHS work email. One account per person; keep your password to yourself.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>2. CrewSwap is not the rostering system</h3>
        <p>
          A swap agreed in CrewSwap is an agreement between two colleagues only. It does not change your rota. You must
          also submit every agreed swap on GRS, your employer's rostering system, and it only takes effect once it is
          approved there under your employer's rules (including rest periods and working-time limits).
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>3. Your responsibilities</h3>
        <ul>
          <li>Keep the shifts you enter or import accurate and up to date.</li>
          <li>Only agree to swaps you intend to work, and honour the swaps you agree.</li>
          <li>Be professional and respectful in messages, as you would at work.</li>
          <li>Never share patient information or other confidential work information in CrewSwap.</li>
        </ul>
      </section>
      <section className="flex flex-col gap-2">
        <h3>4. Beta service</h3>
        <p>
          CrewSwap is in beta. Features may change and mistakes may happen, so always check your rota on GRS. We may
          pause the service for maintenance.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>5. Liability</h3>
        <p>
          CrewSwap is provided as it is. We are not responsible for shifts missed or worked as a result of a swap; the
          rota on GRS is the record that counts.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>6. Ending your use</h3>
        <p>
          You can delete your account at any time from your Profile. We may suspend accounts that misuse the service or
          break these terms.
        </p>
      </section>
    </LegalDialog>
  );
}
