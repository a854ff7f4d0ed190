/** Work due at a virtual time (reviews, confirmations), run in time order as the clock passes it. */
export class Scheduler {
  private tasks: Array<{ at: number; seq: number; run: (at: number) => void }> = [];
  private seq = 0;

  /** Runs `run(time)` once the clock reaches `time`; follow-up work should be scheduled from `time`, not from now. */
  at(time: number, run: (at: number) => void): void {
    this.tasks.push({ at: time, seq: this.seq++, run });
    this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
  }

  /** Runs every task due at or before `now`. */
  runDue(now: number): void {
    while (this.tasks.length && this.tasks[0].at <= now) {
      const task = this.tasks.shift()!;
      task.run(task.at);
    }
  }
}
