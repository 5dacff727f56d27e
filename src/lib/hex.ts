// Lowercase hex of bytes as one flat string. Built with `+=` byte by byte (as
// @noble/hashes' bytesToHex does on Node 20), a 32-byte hash is a rope of 31 string
// objects; a server keeps hundreds of thousands of such hashes (every hand's deck openings),
// and those ropes were a third of its heap.

const CODES = Array.from("0123456789abcdef", (c) => c.charCodeAt(0));

export function hexOf(bytes: Uint8Array): string {
  const codes = new Array<number>(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    codes[2 * i] = CODES[b >> 4]!;
    codes[2 * i + 1] = CODES[b & 15]!;
  }
  return String.fromCharCode(...codes);
}
