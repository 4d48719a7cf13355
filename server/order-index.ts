// Where each stored order's line sits in the journal: id → (file, offset, length). The lines stay
// on disk, so an order costs the index its id and 13 bytes in typed arrays (up to twice that while
// they have room to grow), not its whole line, and nothing for the garbage collector but the id.

/** A journal line's place: which journal file (by number), its byte offset and length. */
export interface LinePlace {
  file: number;
  offset: number;
  length: number;
}

/** Stored orders' places by id. */
export class OrderIndex {
  private readonly slots = new Map<string, number>();
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private files = new Uint8Array(1024);
  /** Slots taken: an id seen again (a replay's later line) takes a new one, in one map write. */
  private used = 0;

  /** Records (or, for an id seen before, moves) an order's line: its file, offset and length. */
  add(id: string, file: number, offset: number, length: number): void {
    const slot = this.used++;
    if (slot === this.offsets.length) this.grow();
    this.slots.set(id, slot);
    this.offsets[slot] = offset;
    this.lengths[slot] = length;
    this.files[slot] = file;
  }

  /** An order's line, if it is stored. */
  find(id: string): LinePlace | undefined {
    const slot = this.slots.get(id);
    if (slot === undefined) return undefined;
    return {
      file: this.files[slot] as number,
      offset: this.offsets[slot] as number,
      length: this.lengths[slot] as number,
    };
  }

  /** How many orders are indexed. */
  get size(): number {
    return this.slots.size;
  }

  private grow(): void {
    const size = this.offsets.length * 2;
    const [offsets, lengths, files] = [this.offsets, this.lengths, this.files];
    this.offsets = new Float64Array(size);
    this.lengths = new Uint32Array(size);
    this.files = new Uint8Array(size);
    this.offsets.set(offsets);
    this.lengths.set(lengths);
    this.files.set(files);
  }
}
