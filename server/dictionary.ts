// Strings to small integer codes and back, for columns that hold a few distinct values.

/** Strings to small integer codes and back (key ids, route ids, customers: few, and reused). */
export class Dictionary {
  private readonly codes = new Map<string, number>();
  private readonly strings: string[] = [];

  /** The code of `value`, assigning the next one when it is new. */
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.strings.length;
      this.codes.set(value, code);
      this.strings.push(value);
    }
    return code;
  }

  /** The code of `value`, if it has one. */
  find(value: string): number | undefined {
    return this.codes.get(value);
  }

  /** Every string, by code. */
  values(): readonly string[] {
    return this.strings;
  }
}
