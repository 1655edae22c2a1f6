// The limits and words of chat messages, without their schemas (./messages): the message box needs
// them, and a screen should not load the validation library for that.

export const MESSAGE_MAX_LENGTH = 2000;

export const CANCELLED_CHAT_NOTICE = "This swap request was cancelled. Message sending has been disabled.";
export const MESSAGE_REQUIRED = "Message cannot be empty";
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-GB")} characters`;

/** Row ids are PostgreSQL integers. */
export const MAX_ROW_ID = 2_147_483_647;
