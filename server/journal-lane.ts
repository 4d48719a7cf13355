// One journal file written a batch at a time: opened O_APPEND|O_SYNC, so one write on the libuv
// pool returns only once the batch is on disk and the event loop does neither the copy nor the
// sync. The lane tracks the file's length, which is where each line it writes starts.
import { close, ftruncate, open, write } from 'node:fs';
import { promisify } from 'node:util';

const openFile = promisify(open);

/** A lane's reused buffer: room for a busy batch; a larger one (a backlog after a stall) gets its own. */
const reusedBytes = 256 * 1024;

/** A line of a batch; `at` and `end` are where it lies in the batch's bytes once encoded. */
export interface BatchLine {
  line: string;
  at: number;
  end: number;
}

/** Writes batches of lines to one journal file, one synced write each. */
export class JournalLane {
  /** The file's number in the journal's list of files. */
  readonly file: number;
  /** Why the lane is out of service: a refused batch could not be cut off, so its length is unknown. */
  broken: unknown = null;
  private repairing = false;
  private readonly fd: number;
  private size: number;
  /** Reused for each batch: a lane has one write in flight at most. */
  private readonly buffer = Buffer.allocUnsafe(reusedBytes);

  private constructor(file: number, fd: number, size: number) {
    this.file = file;
    this.fd = fd;
    this.size = size;
  }

  /** Opens (creating) the file for appends; `size` is its length, replayed and without a torn tail. */
  static async open(path: string, file: number, size: number): Promise<JournalLane> {
    return new JournalLane(file, await openFile(path, 'as'), size);
  }

  /**
   * Writes a batch as one synced write. `done(null, start)` once it is on disk, `start` being the
   * file offset of its first byte; or `done(error)` once it is cut off the file again. A write can
   * fail after its bytes landed (the sync fails, the disk fills mid-batch), so every failure cuts
   * back to the last known length; if even that fails, the lane takes itself out of service.
   */
  append(batch: BatchLine[], done: (error: unknown, start: number) => void): void {
    const data = this.encode(batch);
    const start = this.size;
    write(this.fd, data, 0, data.length, null, (error, bytesWritten) => {
      if (error === null && bytesWritten === data.length) {
        this.size += data.length;
        done(null, start);
        return;
      }
      const failure =
        error ?? new Error(`journal write stopped after ${bytesWritten} of ${data.length} bytes`);
      ftruncate(this.fd, start, (cutError) => {
        if (cutError !== null) this.broken = cutError;
        done(failure, start);
      });
    });
  }

  /**
   * Tries again to cut the file back to its last known length; if it can, the length is known
   * again and the lane is back in service. `done(true)` then.
   */
  repair(done: (repaired: boolean) => void): void {
    if (this.broken === null || this.repairing) return;
    this.repairing = true;
    ftruncate(this.fd, this.size, (error) => {
      this.repairing = false;
      if (error === null) this.broken = null;
      done(error === null);
    });
  }

  /** Closes the file. */
  close(): Promise<void> {
    return new Promise((done) => close(this.fd, () => done()));
  }

  /** A batch's lines as UTF-8, each line's place noted. */
  private encode(batch: BatchLine[]): Buffer {
    let units = 0;
    for (const b of batch) units += b.line.length;
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    const buffer = units * 3 <= this.buffer.length ? this.buffer : Buffer.allocUnsafe(units * 3);
    let end = 0;
    for (const b of batch) {
      b.at = end;
      end += buffer.write(b.line, end);
      b.end = end;
    }
    return buffer.subarray(0, end);
  }
}
