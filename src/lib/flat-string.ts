// A string as one flat run of characters. V8 builds long strings as ropes (a tree of string
// objects): JSON.stringify's output past some 30 characters is one. A string kept for long,
// such as a view's field text each subscriber holds between steps, is worth flattening once:
// the collector then replaces the rope by its one flat string, and every major collection
// has fewer objects to walk.

/** `s`, flattened in place (the same string value). */
export function flat(s: string): string {
  // Converting a string to a number flattens it first (V8); the number is not wanted.
  void Number(s);
  return s;
}
