/** A translation tree: nested keys, string leaves (plural forms as key_one, key_few, ...). */
export interface Messages {
  readonly [key: string]: string | Messages;
}
