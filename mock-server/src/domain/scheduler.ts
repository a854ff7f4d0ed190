/** Work due at a virtual time (reviews, confirmations), run in time order as the clock passes it. */
export class Scheduler {
  private tasks: Array<{ at: number; seq: number; run: () => void }> = [];
  private seq = 0;

  at(time: number, run: () => void): void {
    this.tasks.push({ at: time, seq: this.seq++, run });
    this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
  }

  /** Runs every task due at or before `now`. */
  runDue(now: number): void {
    while (this.tasks.length && this.tasks[0].at <= now) this.tasks.shift()!.run();
  }
}
