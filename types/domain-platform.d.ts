/**
 * The only platform APIs the mock's domain may use: web standards that Node 20 and browsers both
 * provide (checked by tsconfig.domain.json, which has neither Node's nor the DOM's types).
 */
declare global {
  /** Web Crypto: random bytes for secrets (session tokens, tickets). */
  var crypto: { getRandomValues<T extends ArrayBufferView>(array: T): T };
  /** Base64 decoding (uploads arrive as data URLs). */
  function atob(data: string): string;
  /** Base64 encoding (generated pictures as data URLs). */
  function btoa(data: string): string;
}
export {};
