/** What the runner found: one result per check, grouped by operation (or event, or flow) in reports. */
import type { AnswerProblem } from '../../mock-server/src/core/contract-check.ts';

export type Status = 'pass' | 'fail' | 'skip';

export interface Result {
  /** An operationId, `realtime <event or topic>`, or `flow <name>`. */
  group: string;
  /** What was checked: `example ok`, `invalid: missing required body field account`, a flow step… */
  check: string;
  status: Status;
  /** For a pass: the outcome; for a fail: what broke; for a skip: why. */
  detail?: string;
  /** The request, as `METHOD /path`, with the body when it matters. */
  request?: string;
  /** A curl command that repeats a failing request. */
  curl?: string;
  /** The contract violations, each with its JSON pointer and the schema it broke. */
  problems?: AnswerProblem[];
  /** The start of the answer's body, for a fail. */
  answer?: string;
  ms?: number;
  /** For a checked answer: the operation, its HTTP status and its outcome (`ok`, a code), for the coverage report. */
  op?: string;
  httpStatus?: number;
  outcome?: string;
}

export class Results {
  readonly all: Result[] = [];
  constructor(private readonly onResult?: (r: Result) => void) {}
  add(r: Result): Result {
    this.all.push(r);
    this.onResult?.(r);
    return r;
  }
  get failed() {
    return this.all.filter((r) => r.status === 'fail');
  }
}
