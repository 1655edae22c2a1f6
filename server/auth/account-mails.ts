import type { Mail } from "../mail/mailer";

/** Tells the old address that the account's email changed, so a takeover does not go unnoticed. */
export function emailChangedMail(
  user: { firstName: string },
  oldEmail: string,
  newEmail: string,
  appUrl: string,
): Mail {
  return {
    to: oldEmail,
    subject: "Your CrewSwap email address was changed",
    text: [
      `Hello ${user.firstName},`,
      "",
      `The email address of your CrewSwap account was changed from ${oldEmail} to ${newEmail}.`,
      "Every other device signed in to your account was signed out.",
      "",
      "If you made this change, there is nothing more to do.",
      `If you did not, sign in at ${appUrl} with your password, change the address back and`,
      "change your password on your profile.",
    ].join("\n"),
  };
}

/** Tells the current address that a change to another one waits for that address's link. */
export function emailChangeRequestedMail(user: { firstName: string }, oldEmail: string, newEmail: string): Mail {
  return {
    to: oldEmail,
    subject: "Your CrewSwap email address is being changed",
    text: [
      `Hello ${user.firstName},`,
      "",
      `Someone signed in to your CrewSwap account asked to change its email address to ${newEmail}.`,
      "Every other device signed in to your account was signed out.",
      "The change takes effect only when the link sent to the new address is opened.",
      "",
      "If this was not you, change your password on your profile now: the link then stops working.",
    ].join("\n"),
  };
}

/** The single-use link that proves the owner reads this NHS address. */
export function verificationMail(user: { firstName: string; email: string }, token: string, appUrl: string): Mail {
  const link = `${appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Confirm your CrewSwap email address",
    text: [
      `Hello ${user.firstName},`,
      "",
      "Please confirm that this is your email address by opening this link:",
      link,
      "",
      "Until you do, colleagues cannot see you in CrewSwap and you cannot send swap requests,",
      "offers or messages. Your own calendar works as usual.",
      "",
      "If you did not sign up for CrewSwap, you can ignore this email.",
    ].join("\n"),
  };
}
