import { LegalDialog, type LegalDialogProps } from "./legal-dialog";

export function PrivacyDialog(props: LegalDialogProps) {
  return (
    <LegalDialog {...props} title="Privacy Policy" updated="June 2025">
      <p>
        This policy explains what personal information CrewSwap holds about you, why, and what you can do about it.
        CrewSwap is an independent tool for ambulance clinicians; it is not an official NHS or employer system.
      </p>
      <section className="flex flex-col gap-2">
        <h3>What we collect</h3>
        <ul>
          <li>Your name, NHS work email, clinical grade, paramedic base and hub.</li>
          <li>Optional details you add to your profile, such as a phone number and your experience.</li>
          <li>Your swap status, the shifts you enter or import, and your Available Off Days.</li>
          <li>Swap requests you send or receive and the messages about them.</li>
          <li>Technical data needed to keep you signed in: a session cookie and your last sign-in time.</li>
        </ul>
      </section>
      <section className="flex flex-col gap-2">
        <h3>What we do not collect</h3>
        <p>
          Paramedic ID numbers are not collected. We do not collect patient information, payroll details or your home
          address. Please never put patient information in messages.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>Why we use it</h3>
        <p>
          Only to run CrewSwap: to show your calendar, to list you to colleagues by hub, to match and arrange swaps, and
          to let the two people in a swap talk to each other. We do not sell your data or use it for advertising.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>Who can see it</h3>
        <p>
          Signed-in colleagues can see your name, grade, hub, swap status, Available Off Days and the shifts you are
          seeking cover for. Messages are visible only to the two people in that swap request. Swaps themselves are
          submitted by you on GRS, your employer's rostering system; CrewSwap does not send data to GRS.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>Cookies</h3>
        <p>
          CrewSwap uses one essential cookie to keep you signed in. With "Remember me" it lasts 30 days; otherwise it
          ends when you close your browser. There are no tracking or advertising cookies.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>Security and retention</h3>
        <p>
          Passwords are stored only as strong one-way hashes, and connections are encrypted. Your data is kept while you
          have an account. Deleting your account from your Profile permanently removes your profile, shifts,
          availability, swap requests and messages.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h3>Your rights</h3>
        <p>
          Under UK data protection law you can ask to see, correct or delete your information. You can correct most
          details on your Profile and delete your account there at any time. For anything else, contact the CrewSwap
          team.
        </p>
      </section>
    </LegalDialog>
  );
}
