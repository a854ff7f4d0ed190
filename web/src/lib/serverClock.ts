/**
 * The server's clock, as seen from this device: countdowns to a time the server set (a second
 * contract's expiry) count on it, not on the device's clock, which may be off by minutes (and a
 * sandbox server's virtual clock may be anywhere). Every `tickers` event carries the server's
 * time; the offset to the device's clock is taken from the latest one.
 */
let offset = 0;
let known = false;

/** Notes a time the server just sent (epoch ms), received now. */
export function noteServerTime(serverMs: number, receivedAt: number = Date.now()): void {
  offset = serverMs - receivedAt;
  known = true;
}

/** Whether the server has told its time yet (until then a countdown would count on the device's clock). */
export const serverTimeKnown = (): boolean => known;

/** The server's time now (epoch ms), as far as this device can tell. */
export const serverNow = (): number => Date.now() + offset;
