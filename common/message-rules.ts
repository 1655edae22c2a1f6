// The limits and words of chat messages, without their schemas (./messages): the message box needs
// them, and a screen should not load the validation library for that.

export const MESSAGE_MAX_LENGTH = 2000;

/** 2000 → "2,000" as en-GB writes it, without Intl (its first use costs a screen's load dearly). */
const groupThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

export const CANCELLED_CHAT_NOTICE = "This swap request was cancelled. Message sending has been disabled.";
export const MESSAGE_REQUIRED = "Message cannot be empty";
export const MESSAGE_TOO_LONG = `Message must be at most ${groupThousands(MESSAGE_MAX_LENGTH)} characters`;

/** Row ids are PostgreSQL integers. */
export const MAX_ROW_ID = 2_147_483_647;
