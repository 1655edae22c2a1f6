/**
 * The day holds an Available Off Day an open swap request relies on: the server names the request
 * and waits for a yes (decision 006). The dialog shows the message, asks, then repeats the change
 * confirmed.
 */
export class SwapChangeQuestion extends Error {}
